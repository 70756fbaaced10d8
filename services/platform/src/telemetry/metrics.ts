import { createServer, type Server } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import client from 'prom-client';
import { serverSpanNamer } from './tracing';

/**
 * The process's one Prometheus registry. Metrics are process-wide by nature (Prometheus scrapes a
 * process), so they live here rather than in each runtime; every metric carries a `service` label,
 * which is what tells the services apart in embedded mode, where they share one process
 * (decision 0017).
 */
export const metricsRegistry = new client.Registry();
client.collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

const httpRequests = new client.Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by route pattern (not raw path) and status',
  labelNames: ['service', 'method', 'route', 'status'] as const,
  registers,
});
const httpDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from request to the end of the answer, by route pattern',
  labelNames: ['service', 'method', 'route'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

export const eventMetrics = {
  published: new client.Counter({ name: 'shop_events_published_total', help: 'Events relayed from the outbox to the bus', labelNames: ['service', 'type'] as const, registers }),
  consumed: new client.Counter({ name: 'shop_events_consumed_total', help: 'Events a consumer handled successfully', labelNames: ['service', 'queue', 'type'] as const, registers }),
  failed: new client.Counter({
    name: 'shop_events_failed_total',
    help: 'Event deliveries that failed: retried later, dead-lettered after the last attempt, or malformed',
    labelNames: ['service', 'queue', 'type', 'outcome'] as const,
    registers,
  }),
};

const outboxPending = new client.Gauge({ name: 'shop_outbox_pending', help: 'Outbox events not yet published', labelNames: ['service'] as const, registers });
const outboxLag = new client.Gauge({ name: 'shop_outbox_lag_seconds', help: 'Age of the oldest unpublished outbox event (0 when none)', labelNames: ['service'] as const, registers });
const queueDepth = new client.Gauge({
  name: 'shop_event_queue_depth',
  help: 'Messages waiting in a consumer queue, its retry queue and its dead-letter queue',
  labelNames: ['service', 'queue', 'kind'] as const,
  registers,
});
const brokerConnected = new client.Gauge({
  name: 'shop_event_bus_connected',
  help: 'Whether the service is connected to its event broker (1) or reconnecting (0); readiness never depends on it (decision 0021)',
  labelNames: ['service'] as const,
  registers,
});
const mailWaiting = new client.Gauge({ name: 'shop_mail_waiting', help: 'Recorded mails the SMTP server has not taken yet (SMTP transport only)', labelNames: ['service'] as const, registers });
const mailWaitingAge = new client.Gauge({
  name: 'shop_mail_oldest_waiting_seconds',
  help: 'Age of the oldest recorded mail the SMTP server has not taken yet (0 when none): grows while the mail server is out of reach',
  labelNames: ['service'] as const,
  registers,
});
const dbPool = new client.Gauge({ name: 'shop_db_pool_connections', help: 'PostgreSQL pool connections by state (total, idle, waiting clients)', labelNames: ['service', 'state'] as const, registers });

/** Business counters, incremented by the domain code that does the thing. */
export const businessMetrics = {
  ordersPlaced: new client.Counter({ name: 'shop_orders_placed_total', help: 'Orders placed (not replays of an idempotent request)', labelNames: ['service'] as const, registers }),
  reservationsRefused: new client.Counter({
    name: 'shop_stock_reservations_refused_total',
    help: 'Stock reservations refused because a line was short',
    labelNames: ['service'] as const,
    registers,
  }),
  cartUpdates: new client.Counter({ name: 'shop_cart_updates_total', help: 'Changes to carts, by action', labelNames: ['service', 'action'] as const, registers }),
};

/** Mail the shop could not vouch for, counted when found (decision 0037). */
export const mailMetrics = {
  uncertain: new client.Counter({
    name: 'shop_mail_uncertain_total',
    help: 'Mails a crashed process cut off mid-send: they may not have arrived and are never sent again; the error log names recipient and subject',
    labelNames: ['service'] as const,
    registers,
  }),
};

export interface ServiceGauges {
  outbox?: () => Promise<{ pending: number; lagSeconds: number }>;
  queues?: () => Promise<Array<{ queue: string; kind: 'main' | 'retry' | 'dead_letter'; messages: number }>>;
  pool?: () => { total: number; idle: number; waiting: number } | undefined;
  broker?: () => 'connected' | 'reconnecting' | 'closed';
  mail?: () => Promise<{ waiting: number; oldestSeconds: number }>;
}

/** Gauges read at scrape time (a database query, a broker call), per service. */
const samplers = new Map<string, ServiceGauges>();

/** Registers what a service can tell at scrape time; answers the function that removes it. */
export function sampleAtScrape(service: string, gauges: ServiceGauges): () => void {
  samplers.set(service, gauges);
  return () => {
    if (samplers.get(service) === gauges) samplers.delete(service);
  };
}

async function sampleAll() {
  await Promise.all(
    [...samplers].map(async ([service, g]) => {
      // A sampler that fails (database down) leaves its last value; the scrape still answers.
      const outbox = await g.outbox?.().catch(() => undefined);
      if (outbox) {
        outboxPending.set({ service }, outbox.pending);
        outboxLag.set({ service }, outbox.lagSeconds);
      }
      const queues = await g.queues?.().catch(() => undefined);
      for (const q of queues ?? []) queueDepth.set({ service, queue: q.queue, kind: q.kind }, q.messages);
      const mail = await g.mail?.().catch(() => undefined);
      if (mail) {
        mailWaiting.set({ service }, mail.waiting);
        mailWaitingAge.set({ service }, mail.oldestSeconds);
      }
      const broker = g.broker?.();
      if (broker) brokerConnected.set({ service }, broker === 'connected' ? 1 : 0);
      const pool = g.pool?.();
      if (pool) for (const [state, n] of Object.entries(pool)) dbPool.set({ service, state }, n);
    }),
  );
}

/** The route pattern of a request, never its raw path (ids and tokens would make series unbounded). */
function routeOf(req: Request, res: Response): string {
  if (typeof res.locals.metricsRoute === 'string') return res.locals.metricsRoute;
  if (req.route?.path !== undefined) return `${req.baseUrl}${String(req.route.path)}`;
  return req.baseUrl || 'unmatched';
}

/** Counts and times every request of a service (or the gateway) by route pattern. */
export function httpMetrics(service: string): RequestHandler {
  return (req, res, next) => {
    const end = httpDuration.startTimer();
    const nameSpan = serverSpanNamer();
    res.on('finish', () => {
      const route = routeOf(req, res);
      nameSpan(req.method, route);
      end({ service, method: req.method, route });
      httpRequests.inc({ service, method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
}

/** GET /metrics in Prometheus' text format. */
export const metricsHandler: RequestHandler = async (_req, res) => {
  await sampleAll();
  res.setHeader('Content-Type', metricsRegistry.contentType);
  res.end(await metricsRegistry.metrics());
};

/**
 * A separate listener for /metrics (the gateway and the embedded shop), so metrics are never
 * served on the public port.
 */
export function serveMetrics(port: number, host = '0.0.0.0'): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.split('?')[0] === '/metrics') {
      sampleAll()
        .then(() => metricsRegistry.metrics())
        .then((text) => {
          res.setHeader('Content-Type', metricsRegistry.contentType);
          res.end(text);
        })
        .catch(() => {
          res.statusCode = 500;
          res.end('metrics unavailable\n');
        });
      return;
    }
    res.statusCode = 404;
    res.end('Not found: metrics are at /metrics\n');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
