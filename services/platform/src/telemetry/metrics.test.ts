import type { AddressInfo } from 'node:net';
import express from 'express';
import { listen } from '../runtime';
import { businessMetrics, httpMetrics, metricsHandler, sampleAtScrape, serveMetrics } from './metrics';

async function get(url: string) {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

test('requests are counted and timed by route pattern, never by raw path', async () => {
  const app = express();
  app.use(httpMetrics('metricstest'));
  app.get('/metrics', metricsHandler);
  app.get('/things/:id', (_req, res) => {
    res.json({ ok: true });
  });
  const server = await listen(app, 0);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await get(`${base}/things/1`);
    await get(`${base}/things/secret-token-2`);
    await get(`${base}/nothing/here`);
    const { status, type, text } = await get(`${base}/metrics`);
    expect(status).toBe(200);
    expect(type).toContain('text/plain');
    expect(text).toContain('http_requests_total{service="metricstest",method="GET",route="/things/:id",status="200"} 2');
    expect(text).toContain('http_requests_total{service="metricstest",method="GET",route="unmatched",status="404"} 1');
    expect(text).toMatch(/http_request_duration_seconds_count\{service="metricstest",method="GET",route="\/things\/:id"\} 2/);
    expect(text).not.toContain('secret-token-2');
  } finally {
    server.close();
  }
});

test('the metrics port answers /metrics with scrape-time gauges and business counters, and nothing else', async () => {
  const stop = sampleAtScrape('gaugetest', {
    outbox: async () => ({ pending: 3, lagSeconds: 12.5 }),
    queues: async () => [{ queue: 'gaugetest.events', kind: 'dead_letter', messages: 2 }],
    pool: () => ({ total: 4, idle: 1, waiting: 0 }),
    broker: () => 'reconnecting',
    mail: async () => ({ waiting: 5, oldestSeconds: 90 }),
  });
  businessMetrics.ordersPlaced.inc({ service: 'gaugetest' });
  const server = await serveMetrics(0, '127.0.0.1');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const { status, text } = await get(`${base}/metrics`);
    expect(status).toBe(200);
    expect(text).toContain('shop_outbox_pending{service="gaugetest"} 3');
    expect(text).toContain('shop_outbox_lag_seconds{service="gaugetest"} 12.5');
    expect(text).toContain('shop_event_queue_depth{service="gaugetest",queue="gaugetest.events",kind="dead_letter"} 2');
    expect(text).toContain('shop_db_pool_connections{service="gaugetest",state="total"} 4');
    expect(text).toContain('shop_event_bus_connected{service="gaugetest"} 0');
    expect(text).toContain('shop_orders_placed_total{service="gaugetest"} 1');
    expect(text).toContain('shop_mail_waiting{service="gaugetest"} 5');
    expect(text).toContain('shop_mail_oldest_waiting_seconds{service="gaugetest"} 90');
    expect(text).toContain('process_resident_memory_bytes');
    expect((await get(`${base}/`)).status).toBe(404);
  } finally {
    stop();
    server.close();
  }
});
