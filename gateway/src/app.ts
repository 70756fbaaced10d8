import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import compression from 'compression';
import cors from 'cors';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import helmet from 'helmet';
import { z } from 'zod';
import {
  commonSettings,
  currentContext,
  errorHandler,
  httpMetrics,
  inSeries,
  MemoryRateLimitStore,
  pathOf,
  pingRedis,
  RateLimiter,
  RedisRateLimitStore,
  sendJson,
  REQUEST_ID_HEADER,
  requestContext,
  settings,
  type EventBus,
  type Logger,
  type Redis,
} from '@shop/platform';
import { messages } from '@shop/proto-contracts';
import { callerAddress, noteCallerAddress, protocolOf, type TrustProxy } from './caller-address';
import { createGraphQLGateway } from './graphql-gateway';
import { buildOpenApiDocument } from './openapi';
import { withProductMeta, type ProductForMeta } from './product-page-meta';
import { createProxy, type Proxy } from './proxy';
import { purgeAfterWrite, ResponseCache, responseCacheMiddleware } from './response-cache';
import { resolveRoute, serviceNames, type ServiceName } from './route-table';
import { readWeighedBody } from './weighed-request';

const httpUrl = settings.url(['http:', 'https:']);

/** Settings of the gateway process (distributed mode). */
export const gatewaySettings = {
  NODE_ENV: commonSettings.NODE_ENV,
  LOG_LEVEL: commonSettings.LOG_LEVEL,
  HOST: z.string().default('0.0.0.0'),
  PORT: settings.port.default(3000),
  REDIS_URL: commonSettings.REDIS_URL,
  AUTH_URL: httpUrl.default('http://127.0.0.1:4001'),
  CATALOG_URL: httpUrl.default('http://127.0.0.1:4002'),
  CART_URL: httpUrl.default('http://127.0.0.1:4003'),
  ORDER_URL: httpUrl.default('http://127.0.0.1:4004'),
  MEDIA_URL: httpUrl.default('http://127.0.0.1:4005'),
  /** The shop's public origin: every absolute URL in a page comes from it, never from the Host header. */
  PUBLIC_URL: httpUrl.optional(),
  /** Directory of the built SPA. */
  WEB_DIST: z.string().default('web/dist'),
  /** Comma-separated extra origins allowed to call with credentials. */
  CORS_ORIGINS: z.string().default(''),
  /** Requests per minute per client address on /api and /graphql (0 disables). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Express "trust proxy" value when a load balancer stands in front ("false" by default). */
  TRUST_PROXY: z.string().default('false'),
  /** Memory for cached public catalog answers, in MB (0 turns the cache off). */
  RESPONSE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** The event broker, so catalog changes purge the cache at once (without it, answers expire). */
  RABBITMQ_URL: commonSettings.RABBITMQ_URL,
  /** Prefix of Redis keys and of the broker's exchange and queue names (as the services use). */
  NAMESPACE: commonSettings.NAMESPACE,
  /** Port of GET /metrics (Prometheus); unset: not served. Never the public PORT. */
  METRICS_PORT: settings.port.optional(),
  /** The services' shared secret: with it the gateway vouches for each caller's address (decision 0022). */
  INTERNAL_API_TOKEN: commonSettings.INTERNAL_API_TOKEN,
};

/** CORS_ORIGINS as a list: comma-separated origins, spaces and a trailing slash ignored. */
export function corsOriginsOf(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
}

export interface GatewayOptions {
  urls: Record<ServiceName, string>;
  logger: Logger;
  production: boolean;
  /** The shop's public origin (absolute URLs in product pages); defaults to http://localhost. */
  publicUrl?: string;
  /** Directory of the built SPA (index.html + assets); omitted → no SPA. */
  webDist?: string;
  /** Extra origins allowed to call with credentials (CORS). The gateway's own origin always is. */
  corsOrigins?: string[];
  /**
   * PUBLIC_URL when it was set: picture URLs in REST answers are made absolute under it, so a page
   * on another origin can show them. Unset: they stay relative, as the SPA uses them.
   */
  mediaOrigin?: string;
  redis?: Redis;
  rateLimitStore?: MemoryRateLimitStore;
  /** Requests per minute per client address on /api and /graphql; 0 disables. */
  rateLimitPerMinute?: number;
  timeoutMs?: number;
  /** Express "trust proxy" setting, for when a load balancer stands in front. */
  trustProxy?: boolean | string;
  /** Bytes of memory for cached public catalog answers; 0 turns the cache off. Default 64 MB. */
  responseCacheBytes?: number;
  /** Where catalog events arrive; each one purges the cache. */
  events?: EventBus;
  /** Prefix of the gateway's Redis keys (NAMESPACE). */
  namespace?: string;
  /**
   * The services' shared secret, sent with the caller's address so services can believe it; without
   * it services see only the gateway's own address.
   */
  internalToken?: string;
}

/** Catalog events after which a cached catalog answer may be wrong. */
export const cachePurgingEvents = ['ProductChanged', 'ProductDeleted', 'CategoriesChanged'];

const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Content-Security-Policy of the SPA: own scripts only, images also from https and data URLs. */
export const contentSecurityPolicy = {
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
  },
};

/**
 * The single entry of the shop: /api/v1 REST proxied by one route table, /graphql federated,
 * /media proxied, the SPA with client-side routes, and the edge concerns (request ids, security
 * headers, CORS, CSRF origin check, rate limits, timeouts, clear 502/503/504 answers).
 */
export async function createGateway(opts: GatewayOptions): Promise<{ app: RequestListener; stop(): Promise<void>; cache?: ResponseCache }> {
  const { logger } = opts;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const app = express();
  app.disable('x-powered-by');
  // No hash of every JSON answer the gateway makes itself (health, errors): nobody revalidates
  // those. HTML pages carry their ETag explicitly (sendHtml); proxied answers keep the service's.
  app.set('etag', false);
  app.set('trust proxy', opts.trustProxy ?? false);
  const allowedOrigins = new Set(opts.corsOrigins ?? []);
  // gzip for the SPA's text assets and larger JSON answers (images are already compressed); a
  // client that accepts no encoding gets nothing from it, so its answers skip the wrapping.
  const compress = compression({ threshold: 1024 });
  const trust = app.get('trust proxy fn') as TrustProxy;
  // The edge concerns every request meets, run as one step (each a router layer cost as much as its
  // work). Every step uses only node:http's request and response (and res.locals), so the API front
  // below runs the same steps without Express.
  const edge: RequestHandler[] = [
    requestContext(logger),
    httpMetrics('gateway'),
    fixedHeaders(helmet({ contentSecurityPolicy: contentSecurityPolicy, crossOriginEmbedderPolicy: false })),
    (req, res, next) => (req.headers['accept-encoding'] ? compress(req, res, next) : next()),
    cors({
      origin: (origin, cb) => cb(null, !origin || allowedOrigins.has(origin)),
      credentials: true,
    }),
    // Cookie-authenticated writes must come from our own pages or a configured origin (CSRF).
    (req, res, next) => {
      const origin = req.headers.origin;
      if (!origin || !unsafe.has(req.method)) return next();
      const own = `${protocolOf(req, trust)}://${req.headers.host}`;
      if (origin === own || allowedOrigins.has(origin)) return next();
      sendJson(res, 403, { success: false, message: 'Cross-site request refused.' });
    },
    noteCallerAddress(trust),
  ];
  // A request the API front already ran these steps for (a GraphQL POST it had no stored answer
  // for, decision 0093) skips them here: one access log line, one count, one charge.
  const fronted = new WeakSet<IncomingMessage>();
  const edgeSteps = inSeries(...edge);
  app.use((req, res, next) => (fronted.has(req) ? next() : edgeSteps(req, res, next)));

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: 'gateway' });
  });
  // Ready = the gateway itself can serve (its settings were checked at start). One service down
  // must not take the whole shop out of the load balancer: each service's state is in the body.
  app.get('/readyz', async (_req, res) => {
    const states = await Promise.all(
      serviceNames.map(async (name) => {
        try {
          const r = await fetch(`${opts.urls[name]}/readyz`, { signal: AbortSignal.timeout(2000) });
          return [name, r.ok ? 'ready' : 'unavailable'] as const;
        } catch {
          return [name, 'unreachable'] as const;
        }
      }),
    );
    const services = Object.fromEntries(states);
    const all = states.every(([, s]) => s === 'ready');
    // Redis holds the gateway's rate-limit counters only; they let requests through while it is
    // out of reach, so it is reported, never a reason to be unready.
    const redis = opts.redis ? await pingRedis(opts.redis).then(() => 'ok', () => 'unreachable') : undefined;
    res.json({ status: all ? 'ready' : 'degraded', services, ...(opts.events ? { events: opts.events.state() } : {}), ...(redis ? { redis } : {}) });
  });

  const perMinute = opts.rateLimitPerMinute ?? 1200;
  const limiter =
    perMinute > 0 ? new RateLimiter(opts.redis ? new RedisRateLimitStore(opts.redis, `${opts.namespace ?? ''}rl:gateway:`) : (opts.rateLimitStore ?? new MemoryRateLimitStore())) : undefined;
  const limit = limiter?.middleware({ name: 'edge', limit: perMinute, windowMs: 60_000, key: callerAddress });
  if (limit) app.use(['/api', '/graphql'], (req, res, next) => (fronted.has(req) ? next() : limit(req, res, next)));
  // A GraphQL request with 20 root fields (aliases included) is 20 requests, not one; a guest-cart
  // merge of 50 lines is 50, over REST (the route's `weighedBy`) and GraphQL alike (decision 0097).
  const chargeGraphql = limiter
    ? async (req: Request, weight: number) => {
        try {
          return (await limiter.check(`edge:${callerAddress(req)}`, perMinute, 60_000, weight)).allowed;
        } catch {
          return true; // a rate-limit store outage must not take the shop down
        }
      }
    : undefined;

  /** A weighed route's body read whole, its list counted toward the caller's limit, then sent on as it came. */
  const chargeByList = async (req: IncomingMessage, res: ServerResponse, field: string, forward: (body: Buffer) => void) => {
    const read = await readWeighedBody(req, field);
    if (read === 'too large') return sendJson(res, 413, { success: false, message: messages.bodyTooLarge });
    if (read.items > 1 && !(await chargeGraphql!(req as Request, read.items - 1))) {
      res.setHeader('Retry-After', '60');
      return sendJson(res, 429, { success: false, message: messages.tooManyRequests });
    }
    forward(read.body);
  };

  const proxies = Object.fromEntries(
    serviceNames.map((name) => [name, createProxy(opts.urls[name], timeoutMs, logger, opts.internalToken, opts.mediaOrigin)]),
  ) as Record<ServiceName, Proxy>;

  const openApi = buildOpenApiDocument();
  app.get('/api/v1/openapi.json', (_req, res) => {
    res.json(openApi);
  });

  const cacheBytes = opts.responseCacheBytes ?? 64 * 1024 * 1024;
  const cache = cacheBytes > 0 ? new ResponseCache(cacheBytes) : undefined;
  if (cache && opts.events) {
    await opts.events.subscribe({
      queue: `gateway.cache-purge.${randomUUID()}`,
      types: cachePurgingEvents,
      transient: true,
      handler: async (event) => {
        // Stock moved and the product stayed in stock: only the answers showing it (decision 0031).
        const payload = event.payload as { productId?: unknown; stockOnly?: unknown };
        if (event.type === 'ProductChanged' && payload.stockOnly === true && typeof payload.productId === 'string') cache.purgeTag(payload.productId);
        else cache.purge();
      },
    });
  }
  // Public catalog reads (never staff paths); the catalog's Cache-Control decides what is stored.
  const restCache = cache
    ? responseCacheMiddleware(cache, (req) => (req.method === 'GET' && !apiPathOf(req).startsWith('/admin/') ? `GET ${fullUrlOf(req)}` : undefined))
    : undefined;

  // /api/v1 REST: one route table, each route to its service. Uses only node:http's request and
  // response (and res.locals): it runs behind Express's mount and in the API front alike.
  const apiV1: RequestHandler = (req, res) => {
    const path = apiPathOf(req);
    const route = resolveRoute(req.method, path);
    if (!route) {
      sendJson(res, 404, { success: false, message: `No route for ${req.method} /api/v1${path}` });
      return;
    }
    if ('allowed' in route) {
      res.setHeader('Allow', route.allowed.join(', '));
      sendJson(res, 405, { success: false, message: `Method ${req.method} is not allowed here` });
      return;
    }
    res.locals.metricsRoute = `/api/v1${route.path}`;
    // The services expect the full /api/v1 path (the proxy sends the URL as it came).
    const proxy = () => proxies[route.service](req, res);
    if (route.weighedBy && chargeGraphql) {
      chargeByList(req, res, route.weighedBy, (body) => proxies[route.service](req, res, body)).catch(() => res.destroy());
      return;
    }
    if (cache && route.service === 'catalog' && req.method !== 'GET' && req.method !== 'HEAD') purgeAfterWrite(cache, res);
    if (restCache && route.service === 'catalog') restCache(req, res, proxy);
    else proxy();
  };
  app.use('/api/v1', apiV1);
  app.use('/media', (req, res) => {
    // Pictures are public: a partner's page on another origin may show them (helmet's default is same-origin).
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    proxies.media(req, res);
  });

  const graphql = await createGraphQLGateway({ urls: opts.urls, logger, production: opts.production, timeoutMs, cache, internalToken: opts.internalToken, charge: chargeGraphql });
  app.use(graphql.router);

  app.use('/api', (req, res) => {
    res.status(404).json({ success: false, message: `No route for ${req.method} ${req.originalUrl}` });
  });

  // Metrics live on METRICS_PORT only; the public port answers 404 here, not the SPA's page.
  app.all('/metrics', (req, res) => {
    res.status(404).json({ success: false, message: `No route for ${req.method} ${req.path}` });
  });

  if (opts.webDist && existsSync(join(opts.webDist, 'index.html'))) mountSpa(app, opts.webDist, opts.urls.catalog, logger, (opts.publicUrl ?? 'http://localhost').replace(/\/+$/, ''), cache);

  app.use((req, res) => {
    res.status(404).json({ success: false, message: `No route for ${req.method} ${req.path}` });
  });
  const answerError = errorHandler(logger);
  app.use(answerError);

  // The API front (decision 0088): /api/v1 REST requests run the edge steps, the rate limit and the
  // route table straight from node:http, without Express's router and request/response prototypes
  // (about 90 µs of CPU per request, measured by tests/bench/hop-cost.ts); everything else (the
  // OpenAPI document, GraphQL, pictures, the SPA) goes to Express as before.
  const api = inSeries(...edge, ...(limit ? [limit] : []), apiV1);
  // A GraphQL POST (decision 0093): the same edge steps and limit, the body and the document
  // limits, then a stored answer when there is one (the shop's pages read the catalog this way);
  // without one, Express and Apollo take the request on from there.
  const graphqlFront = graphql.front ? inSeries(...edge, ...(limit ? [limit] : []), ...graphql.front) : undefined;
  const front: RequestListener = (req, res) => {
    const url = req.url ?? '/';
    const isApi = url.startsWith('/api/v1/') && !url.startsWith('/api/v1/openapi.json');
    if (isApi || (graphqlFront && req.method === 'POST' && url === '/graphql')) {
      (res as Response).locals = Object.create(null) as Response['locals'];
      if (!isApi) (res as Response).locals.metricsRoute = '/graphql';
      const done = (err?: unknown) => {
        if (res.headersSent) {
          if (err) res.destroy();
          return;
        }
        if (err) answerError(err, req as Request, res as Response, () => undefined);
        else if (isApi) sendJson(res, 404, { success: false, message: `No route for ${req.method} ${pathOf(req)}` });
        else {
          fronted.add(req);
          app(req as Request, res as Response);
        }
      };
      // A step that throws is answered as Express would have answered it, never a crash.
      try {
        (isApi ? api : graphqlFront!)(req as Request, res as Response, done);
      } catch (err) {
        done(err);
      }
      return;
    }
    app(req as Request, res as Response);
  };
  return { app: front, stop: graphql.stop, cache };
}

/** The full URL of a request as it arrived (Express keeps it in originalUrl under a mount). */
const fullUrlOf = (req: Request | IncomingMessage): string => (req as Request).originalUrl ?? req.url ?? '/';

/**
 * A REST request's path after /api/v1 (`/` for /api/v1 itself), as Express's req.path is under its
 * mount; a request in absolute form (`GET http://host/api/v1/…`, as to a proxy) by its path.
 */
function apiPathOf(req: Request | IncomingMessage): string {
  let url = fullUrlOf(req);
  if (!url.startsWith('/')) {
    try {
      url = new URL(url).pathname;
    } catch {
      return '/';
    }
  }
  const q = url.indexOf('?');
  return (q === -1 ? url : url.slice(0, q)).slice('/api/v1'.length) || '/';
}

/**
 * A middleware that only sets the same headers on every response (helmet's, with a static policy),
 * run once at start and replayed with one loop per request: a dozen middlewares' worth of work
 * less on every request, the headers unchanged.
 */
export function fixedHeaders(middleware: (req: Request, res: Response, next: () => void) => void): (req: Request, res: Response, next: () => void) => void {
  const set: Array<[string, string | number | readonly string[]]> = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, value]);
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  middleware({} as Request, recorder as unknown as Response, () => undefined);
  return (_req, res, next) => {
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    next();
  };
}

/** Express's weak ETag of a body (length and SHA-1), as it would have made it. */
function weakEtag(body: string): string {
  const bytes = Buffer.from(body, 'utf8');
  return `W/"${bytes.length.toString(16)}-${createHash('sha1').update(bytes).digest('base64').slice(0, 27)}"`;
}

/** An HTML page with its ETag, so a browser's revalidation gets 304 (res.send answers it when fresh). */
function sendHtml(res: Response, html: string, etag = weakEtag(html)) {
  res.setHeader('ETag', etag);
  res.type('html').send(html);
}

/** Static SPA: hashed assets cached for a year, index.html for every client-side route. */
function mountSpa(app: Express, dist: string, catalogUrl: string, logger: Logger, origin: string, cache?: ResponseCache) {
  const indexHtml = readFileSync(join(dist, 'index.html'), 'utf8');
  const indexEtag = weakEtag(indexHtml);
  // Product pages carry their title, description, Open Graph tags and JSON-LD in the HTML itself.
  app.get('/product/:id', async (req, res, next) => {
    const id = String(req.params.id);
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return next();
    // The product's public answer, when the API has it cached already.
    const cached = cache?.get(`GET /api/v1/product/${id}`);
    if (cached) {
      const { product } = JSON.parse(cached.body.toString('utf8')) as { product?: ProductForMeta };
      if (product) {
        res.setHeader('Cache-Control', 'no-cache');
        sendHtml(res, withProductMeta(indexHtml, product, origin));
        return;
      }
    }
    try {
      const upstream = await fetch(`${catalogUrl}/api/v1/product/${encodeURIComponent(id)}`, {
        signal: AbortSignal.timeout(1500),
        headers: { [REQUEST_ID_HEADER]: currentContext()?.requestId ?? '' },
      });
      res.setHeader('Cache-Control', 'no-cache');
      if (upstream.status === 404 || upstream.status === 400) {
        sendHtml(res.status(404), indexHtml, indexEtag);
        return;
      }
      if (!upstream.ok) return next();
      const { product } = (await upstream.json()) as { product?: ProductForMeta };
      if (!product) return next();
      sendHtml(res, withProductMeta(indexHtml, product, origin));
    } catch (err) {
      logger.warn({ err: String(err) }, 'product page meta unavailable');
      next();
    }
  });
  app.use(
    '/assets',
    express.static(join(dist, 'assets'), { immutable: true, maxAge: '365d', fallthrough: false }),
  );
  app.use(express.static(dist, { index: false, maxAge: '1h' }));
  app.get(/.*/, (req: Request, res, next) => {
    if (req.path.startsWith('/api/') || req.path === '/graphql') return next();
    res.setHeader('Cache-Control', 'no-cache');
    sendHtml(res, indexHtml, indexEtag);
  });
}
