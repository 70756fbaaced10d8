import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { CLIENT_ADDRESS_HEADER, createLogger, createRedis, GATEWAY_TOKEN_HEADER, listen } from '@shop/platform';
import helmet from 'helmet';
import { contentSecurityPolicy, createGateway } from './app';
import { routeTable, serviceNames, type ServiceName } from './route-table';

/**
 * The gateway in front of small stand-in services (real HTTP servers) that echo what reached them,
 * so each edge behaviour is observed exactly as a client sees it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const body = async (r: Response) => (await r.json()) as Record<string, any>;

describe('gateway', () => {
  const servers: Server[] = [];
  let base: string;
  let stopGateway: () => Promise<void>;
  let standInUrls: Record<ServiceName, string>;
  const seen: Array<{ service: string; method: string; url: string; requestId?: string; forwardedFor?: string; clientAddress?: string; gatewayToken?: string }> = [];
  const internalToken = 'gateway-test-internal-token-0123456789';

  async function standIn(name: string) {
    const app = express();
    app.get('/api/v1/slow', () => undefined);
    app.use((req, res) => {
      seen.push({ service: name, method: req.method, url: req.originalUrl, requestId: req.header('x-request-id'), forwardedFor: req.header('x-forwarded-for'), clientAddress: req.header(CLIENT_ADDRESS_HEADER), gatewayToken: req.header(GATEWAY_TOKEN_HEADER) });
      if (req.originalUrl.startsWith('/api/v1/product/slow')) return; // never answers
      if (name === 'catalog' && req.originalUrl === '/api/v1/product/p-42') {
        res.json({ success: true, product: { _id: 'p-42', id: 'LW-1', name: 'Leather Wallet </script><b>', description: "Genuine leather $` $& $' 8 card slots.", price: 799, image: ['/media/abc/detail.webp'], stock: 3, rating: 4.5, reviews: 12 } });
        return;
      }
      if (name === 'catalog' && req.originalUrl === '/api/v1/product/missing') {
        res.status(404).json({ success: false, message: 'Product not found' });
        return;
      }
      res.json({ success: true, service: name });
    });
    const server = await listen(app, 0);
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    const urls = {} as Record<ServiceName, string>;
    for (const name of serviceNames) urls[name] = await standIn(name);
    // The order service is down: nothing listens on its port.
    const closed = await listen(express(), 0);
    urls.order = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((r) => closed.close(r));
    standInUrls = urls;
    const dist = mkdtempSync(join(tmpdir(), 'web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><meta name="description" content="Shop" /><title>ShopKart</title></head><body><div id="root"></div></body></html>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'big-1.js'), 'console.log("a long line of script");\n'.repeat(200));
    const gateway = await createGateway({
      urls,
      logger: createLogger('gateway-test', 'silent'),
      production: false,
      publicUrl: 'https://shop.example',
      webDist: dist,
      rateLimitPerMinute: 0,
      timeoutMs: 500,
      corsOrigins: ['https://partner.example'],
      internalToken,
    });
    const server = await listen(gateway.app, 0);
    servers.push(server);
    stopGateway = gateway.stop;
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await stopGateway();
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  });

  beforeEach(() => {
    seen.length = 0;
  });

  test('every route of the table reaches its owning service with the full path', async () => {
    for (const route of routeTable.filter((r) => r.service !== 'order')) {
      const path = route.path.replace(/:[A-Za-z]+/g, 'x1');
      const res = await fetch(`${base}/api/v1${path}?q=1`, { method: route.method, headers: { 'content-type': 'application/json' }, body: route.method === 'GET' ? undefined : '{}' });
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect((await body(res)).service).toBe(route.service);
    }
    expect(seen.find((s) => s.url === '/api/v1/login?q=1')?.service).toBe('auth');
  });

  test('an unknown path is a JSON 404 and a known path with the wrong method a 405', async () => {
    const unknown = await fetch(`${base}/api/v1/nope`);
    expect(unknown.status).toBe(404);
    expect(await body(unknown)).toEqual({ success: false, message: 'No route for GET /api/v1/nope' });
    const wrong = await fetch(`${base}/api/v1/login`);
    expect(wrong.status).toBe(405);
    expect((await body(wrong)).success).toBe(false);
  });

  test('a REST request spelled in capitals, or in absolute form as to a proxy, reaches its service as before', async () => {
    const capitals = await fetch(`${base}/API/V1/products?page=2`);
    expect(capitals.status).toBe(200);
    expect((await body(capitals)).service).toBe('catalog');
    // Absolute form (RFC 9112 §3.2.2): sent raw, as fetch never does.
    const { port } = new URL(base);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET http://shop.example/api/v1/loadCart HTTP/1.1\r\nHost: shop.example\r\nConnection: close\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(raw).toContain('"service":"cart"');
  });

  test('/metrics on the public port is a JSON 404, not the SPA (metrics are on METRICS_PORT only)', async () => {
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(404);
    expect(await body(res)).toEqual({ success: false, message: 'No route for GET /metrics' });
  });

  test('a request id is created at the gateway, returned, and carried to the service', async () => {
    const res = await fetch(`${base}/api/v1/products`);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[0]?.requestId).toBe(id);
  });

  test('a forged x-forwarded-for or client-address header is replaced by the real client address, vouched for with the internal token', async () => {
    await fetch(`${base}/api/v1/products`, { headers: { 'x-forwarded-for': '6.6.6.6', [CLIENT_ADDRESS_HEADER]: '6.6.6.7', [GATEWAY_TOKEN_HEADER]: 'guess' } });
    expect(seen[0]).toMatchObject({ clientAddress: '127.0.0.1', gatewayToken: internalToken });
    expect(seen[0]?.forwardedFor ?? '').not.toContain('6.6.6.6');
  });

  test('behind a trusted proxy (TRUST_PROXY) the address from X-Forwarded-For is the one the services hear', async () => {
    const behind = await createGateway({ urls: standInUrls, logger: createLogger('gateway-test', 'silent'), production: false, rateLimitPerMinute: 0, trustProxy: 'loopback', internalToken });
    const server = await listen(behind.app, 0);
    try {
      await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/products`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(seen[0]?.clientAddress).toBe('203.0.113.9');
    } finally {
      await behind.stop();
      await new Promise((r) => server.close(r));
    }
  });

  test('a service that is down answers 503 with a clear message, without hanging', async () => {
    const res = await fetch(`${base}/api/v1/orders/user`);
    expect(res.status).toBe(503);
    expect(await body(res)).toEqual({ success: false, message: 'The service is temporarily unavailable. Please try again shortly.' });
  });

  test('a service that does not answer in time gives 504', async () => {
    const res = await fetch(`${base}/api/v1/product/slow`);
    expect(res.status).toBe(504);
    expect((await body(res)).message).toBe('The service took too long to answer. Please try again.');
  });

  test('cross-site writes are refused, configured origins get CORS', async () => {
    const evil = await fetch(`${base}/api/v1/logout`, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(evil.status).toBe(403);
    const partner = await fetch(`${base}/api/v1/products`, { headers: { origin: 'https://partner.example' } });
    expect(partner.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    const other = await fetch(`${base}/api/v1/products`, { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('every answer carries exactly the security headers helmet sets', async () => {
    const reference = express();
    reference.use(helmet({ contentSecurityPolicy, crossOriginEmbedderPolicy: false }));
    reference.get('/', (_req, res) => {
      res.json({ ok: true });
    });
    const server = await listen(reference, 0);
    servers.push(server);
    const expected = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    // Express's own answers, and the REST answers of the API front (decision 0088), alike.
    for (const path of ['/healthz', '/api/v1/products', '/api/v1/nope']) {
      const actual = await fetch(`${base}${path}`);
      for (const name of ['content-security-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'origin-agent-cluster', 'referrer-policy', 'strict-transport-security', 'x-content-type-options', 'x-dns-prefetch-control', 'x-download-options', 'x-frame-options', 'x-permitted-cross-domain-policies', 'x-xss-protection', 'x-powered-by']) {
        expect({ path, name, value: actual.headers.get(name) }).toEqual({ path, name, value: expected.headers.get(name) });
      }
      expect(actual.headers.get('x-content-type-options')).toBe('nosniff');
      expect(actual.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  test('the SPA is served with security headers and client routes fall back to index.html', async () => {
    const res = await fetch(`${base}/profile`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const asset = await fetch(`${base}/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const big = await fetch(`${base}/assets/big-1.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(big.headers.get('content-encoding')).toBe('gzip');
    const missing = await fetch(`${base}/assets/nope.js`);
    expect(missing.status).toBe(404);
  });

  test('a page the browser already has is revalidated with its ETag (304, no body)', async () => {
    const first = await fetch(`${base}/cart`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    // fetch would send no-cache with a conditional request; a browser revalidating sends max-age=0.
    const again = await fetch(`${base}/orders`, { headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  test('the REST side is described by an OpenAPI document covering every route', async () => {
    const doc = await body(await fetch(`${base}/api/v1/openapi.json`));
    expect(doc.openapi).toBe('3.1.0');
    for (const route of routeTable) {
      const path = `/api/v1${route.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
      expect(doc.paths[path]?.[route.method.toLowerCase()]).toBeDefined();
    }
    expect(doc.paths['/api/v1/register'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect(doc.paths['/api/v1/order/{id}/return'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('reason');
    expect(Object.keys(doc.paths['/api/v1/addresses'].post.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['recipientName', 'phone', 'line1', 'pin', 'city', 'state']),
    );
    // Public: no session asked for (an empty requirement overrides any default).
    expect(doc.paths['/api/v1/pincode/{pin}'].get.security).toEqual([]);
    expect(doc.paths['/api/v1/order/{id}/invoice'].get.responses[200].content).toHaveProperty('application/pdf');
    // Cart lines per variant (decision 0062) and the guest-cart merge (decision 0063).
    expect(doc.paths['/api/v1/cart/merge'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('mergeKey');
    expect(doc.paths['/api/v1/addToCart'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('lineId');
    expect(doc.paths['/api/v1/removeFromCart/{productId}'].delete.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'lineId', in: 'query' })]));
    expect(doc.paths['/api/v1/cart/updateItem'].put.responses[409]).toBeDefined();
  });

  test('a product page carries its title, Open Graph tags and Product JSON-LD before any script runs', async () => {
    const res = await fetch(`${base}/product/p-42`, { headers: { host: 'evil.example' } });
    const html = await res.text();
    expect(res.status).toBe(200);
    // Product text is inserted as it is ($-patterns are not expanded into copies of the page) …
    expect(html.match(/<!doctype html>/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain("Genuine leather $` $&amp; $&#39; 8 card slots.");
    // … and every absolute URL is the configured public origin, never the Host header.
    expect(html).not.toContain('evil.example');
    expect(html).toContain('<link rel="canonical" href="https://shop.example/product/p-42" />');
    expect(html).toContain('<title>Leather Wallet &lt;/script&gt;&lt;b&gt; – ShopKart</title>');
    expect(html).toContain('<meta property="og:title" content="Leather Wallet &lt;/script&gt;&lt;b&gt;" />');
    expect(html).toContain('<meta property="og:image" content="https://shop.example/media/abc/detail.webp" />');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!);
    expect(ld).toMatchObject({ '@type': 'Product', name: 'Leather Wallet </script><b>', sku: 'LW-1', offers: { price: '799.00', priceCurrency: 'INR', availability: 'https://schema.org/InStock' }, aggregateRating: { reviewCount: 12 } });
    const missing = await fetch(`${base}/product/missing`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<div id="root">');
  });

  test('health and readiness: one service down leaves the gateway ready and names that service', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await body(ready)).toMatchObject({ status: 'degraded', services: { order: 'unreachable', catalog: 'ready' } });
  });

  // Needs Redis (CI sets REDIS_URL); the memory store has no keys to look at.
  (process.env.REDIS_URL ? test : test.skip)('the edge rate limit keeps its Redis counters under NAMESPACE', async () => {
    const namespace = `gw${Date.now().toString(36)}.`;
    const redis = createRedis(process.env.REDIS_URL!);
    const limited = await createGateway({ urls: standInUrls, logger: createLogger('gateway-test', 'silent'), production: false, rateLimitPerMinute: 100, redis, namespace });
    const server = await listen(limited.app, 0);
    try {
      await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/categories`);
      const keys = await redis.keys(`${namespace}*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.every((k) => k.startsWith(`${namespace}rl:gateway:`))).toBe(true);
      await redis.del(...keys);
    } finally {
      await limited.stop();
      await new Promise((r) => server.close(r));
      redis.disconnect();
    }
  });

  test('the rate limit answers 429 with a message once passed', async () => {
    const limited = await createGateway({ urls: standInUrls, logger: createLogger('gateway-test', 'silent'), production: false, rateLimitPerMinute: 5 });
    const server = await listen(limited.app, 0);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/categories`;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await fetch(url)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const res = await fetch(url);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await body(res)).message).toBe('Too many requests, please try again later.');
    } finally {
      await limited.stop();
      await new Promise((r) => server.close(r));
    }
  });
});
