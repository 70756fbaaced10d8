import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import express from 'express';
import { CACHE_TAGS_HEADER, cacheTagsOf, createLogger, InProcessBus, listen, makeEvent } from '@shop/platform';
import { createGateway } from './app';
import { ResponseCache, sharedLifetime } from './response-cache';
import { serviceNames, type ServiceName } from './route-table';

describe('sharedLifetime', () => {
  test.each([
    ['public, max-age=0, s-maxage=10', 10],
    ['max-age=10, public', 10],
    ['public, max-age=30', 30],
    ['PUBLIC, S-MAXAGE=5', 5],
    ['max-age=10', 0],
    ['private, max-age=60', 0],
    ['public, no-store, max-age=60', 0],
    ['public, no-cache, s-maxage=60', 0],
    ['public, max-age=0', 0],
    ['public, s-maxage=abc', 0],
    ['no-store', 0],
    [undefined, 0],
  ])('%s → %d s', (header, seconds) => {
    expect(sharedLifetime(header)).toBe(seconds);
  });
});

describe('ResponseCache', () => {
  const answer = (body: string, expiresAt: number) => ({ status: 200, headers: [], body: Buffer.from(body), expiresAt });

  test('an answer is served until it expires', () => {
    let now = 1_000;
    const cache = new ResponseCache(1024, () => now);
    cache.set('a', answer('A', 2_000));
    expect(cache.get('a')?.body.toString()).toBe('A');
    now = 2_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  test('the oldest answers make room when the memory bound is passed', () => {
    const cache = new ResponseCache(800, () => 0);
    // 99 bytes of body and a 1-character key: 100 bytes each.
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']) cache.set(key, answer('x'.repeat(99), 10));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('i')?.body.length).toBe(99);
    expect(cache.size).toBe(8);
  });

  test('long keys count against the memory bound (a GraphQL key is the query text)', () => {
    const cache = new ResponseCache(800, () => 0);
    for (const n of [1, 2, 3, 4]) cache.set(`${n}`.repeat(95), answer('x', 10));
    expect(cache.size).toBe(4);
    for (const n of [5, 6, 7, 8, 9]) cache.set(`${n}`.repeat(95), answer('x', 10));
    expect(cache.size).toBe(8);
    expect(cache.get('1'.repeat(95))).toBeUndefined();
    cache.set('k'.repeat(100), answer('x', 10));
    expect(cache.get('k'.repeat(100))).toBeUndefined();
  });

  test('an answer too large for its share of the memory is not kept', () => {
    const cache = new ResponseCache(800, () => 0);
    cache.set('big', answer('x'.repeat(98), 10));
    expect(cache.get('big')).toBeUndefined();
  });

  test('an answer that was on its way during a purge is not stored', () => {
    const cache = new ResponseCache(1024, () => 0);
    const before = cache.mark();
    cache.purge();
    cache.set('a', answer('stale', 10), before);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', answer('fresh', 10), cache.mark());
    expect(cache.get('a')?.body.toString()).toBe('fresh');
  });

  const tagged = (body: string, ...tags: string[]) => ({ ...answer(body, 10), tags: new Set(tags) });

  test('a purge by product drops the answers showing it and those whose products are unknown, no others', () => {
    const cache = new ResponseCache(4096, () => 0);
    cache.set('page-1', tagged('p1 p2', 'p1', 'p2'));
    cache.set('page-2', tagged('p3', 'p3'));
    cache.set('categories', tagged('no products'));
    cache.set('unknown', answer('?', 10));
    cache.purgeTag('p2');
    expect(cache.get('page-1')).toBeUndefined();
    expect(cache.get('unknown')).toBeUndefined();
    expect(cache.get('page-2')?.body.toString()).toBe('p3');
    expect(cache.get('categories')?.body.toString()).toBe('no products');
    // A full purge still drops everything.
    cache.purge();
    expect(cache.size).toBe(0);
  });

  test('an answer on its way during a purge by product is stored only if it does not show that product', () => {
    const cache = new ResponseCache(4096, () => 0);
    const before = cache.mark();
    cache.purgeTag('p1');
    cache.set('shows-p1', tagged('old p1', 'p1', 'p2'), before);
    cache.set('shows-p3', tagged('p3', 'p3'), before);
    cache.set('unknown', answer('?', 10), before);
    expect(cache.get('shows-p1')).toBeUndefined();
    expect(cache.get('unknown')).toBeUndefined();
    expect(cache.get('shows-p3')?.body.toString()).toBe('p3');
  });
});

/**
 * The gateway in front of a stand-in catalog (a real HTTP server) that counts what reaches it and
 * marks its answers as a real service would.
 */
describe('gateway response cache', () => {
  const servers: Server[] = [];
  const logger = createLogger('gateway-cache-test', 'silent');
  const bus = new InProcessBus(logger);
  const reached: string[] = [];
  let base: string;
  let stopGateway: () => Promise<void>;
  let cache: ResponseCache;
  let served = 0;

  const PUBLIC = 'public, max-age=0, s-maxage=10';

  async function standIn(name: ServiceName) {
    const app = express();
    app.use((req, res, next) => {
      reached.push(`${req.method} ${req.originalUrl}`);
      next();
    });
    app.get('/api/v1/products', (req, res) => {
      served += 1;
      res.setHeader('Cache-Control', PUBLIC);
      // Page 1 shows p1 and p2, the other pages p3; each answer names them as the catalog does.
      const products = req.query.page === undefined || req.query.page === '1' ? [{ _id: 'p1' }, { _id: 'p2' }] : [{ _id: 'p3' }];
      res.setHeader(CACHE_TAGS_HEADER, cacheTagsOf({ products }));
      res.json({ success: true, served, page: req.query.page ?? '1', products, filler: 'product '.repeat(300) });
    });
    app.get('/api/v1/product/p-7', (_req, res) => {
      res.setHeader('Cache-Control', PUBLIC);
      res.json({ success: true, product: { _id: 'p-7', id: 'TS-7', name: 'Steel Tumbler', description: 'Keeps tea hot.', price: 349, image: [], stock: 4, rating: 0, reviews: 0 } });
    });
    app.get('/api/v1/product/with-cookie', (_req, res) => {
      res.setHeader('Cache-Control', PUBLIC);
      res.cookie('seen', '1');
      res.json({ success: true, served: ++served });
    });
    app.get('/api/v1/product/private', (_req, res) => {
      res.setHeader('Cache-Control', 'private, max-age=60');
      res.json({ success: true, served: ++served });
    });
    app.get('/api/v1/product/missing', (_req, res) => {
      res.setHeader('Cache-Control', PUBLIC);
      res.status(404).json({ success: false, message: 'Product not found' });
    });
    app.get('/api/v1/admin/products', (_req, res) => {
      res.setHeader('Cache-Control', PUBLIC);
      res.json({ success: true, served: ++served });
    });
    app.use((_req, res) => {
      res.json({ success: true, service: name });
    });
    const server = await listen(app, 0);
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    const urls = {} as Record<ServiceName, string>;
    for (const name of serviceNames) urls[name] = await standIn(name);
    const dist = mkdtempSync(join(tmpdir(), 'web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>ShopKart</title></head><body><div id="root"></div></body></html>');
    const gateway = await createGateway({
      urls,
      webDist: dist,
      logger,
      production: false,
      rateLimitPerMinute: 0,
      timeoutMs: 1000,
      corsOrigins: ['https://partner.example'],
      events: bus,
    });
    const server = await listen(gateway.app, 0);
    servers.push(server);
    stopGateway = gateway.stop;
    cache = gateway.cache!;
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await stopGateway();
    await bus.close();
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  });

  beforeEach(() => {
    // Each test starts from an empty cache.
    cache.purge();
    reached.length = 0;
  });

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { headers });
    return { res, body: (await res.json()) as Record<string, unknown> };
  };

  test('a public answer is served from the gateway the second time, exactly as the first', async () => {
    const first = await get('/api/v1/products?page=1');
    const second = await get('/api/v1/products?page=1');
    expect(first.res.headers.get('x-cache')).toBe('MISS');
    expect(second.res.headers.get('x-cache')).toBe('HIT');
    expect(second.body).toEqual(first.body);
    expect(second.res.headers.get('cache-control')).toBe(PUBLIC);
    expect(second.res.headers.get('content-type')).toContain('application/json');
    expect(reached.filter((r) => r === 'GET /api/v1/products?page=1')).toHaveLength(1);
    // Another query string is another answer.
    const other = await get('/api/v1/products?page=2');
    expect(other.res.headers.get('x-cache')).toBe('MISS');
    expect(other.body.page).toBe('2');
  });

  test('a stored answer goes out gzipped to a client that accepts it, with a new request id each time', async () => {
    const plain = await get('/api/v1/products?page=1');
    const res = await rawGet(`${base}/api/v1/products?page=1`, { 'accept-encoding': 'gzip' });
    expect(res.headers['x-cache']).toBe('HIT');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.body).toString('utf8'))).toEqual(plain.body);
    expect(res.headers['x-request-id']).not.toBe(plain.res.headers.get('x-request-id'));
  });

  test('CORS headers are the current caller’s, never the stored caller’s', async () => {
    const partner = await get('/api/v1/products?page=1', { origin: 'https://partner.example' });
    expect(partner.res.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    const stranger = await get('/api/v1/products?page=1', { origin: 'https://evil.example' });
    expect(stranger.res.headers.get('x-cache')).toBe('HIT');
    expect(stranger.res.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('answers that set a cookie, are private, are errors or are staff paths are never stored', async () => {
    for (const path of ['/api/v1/product/with-cookie', '/api/v1/product/private', '/api/v1/admin/products']) {
      const a = await get(path);
      const b = await get(path);
      expect({ path, second: b.res.headers.get('x-cache') }).toEqual({ path, second: path.includes('admin') ? null : 'MISS' });
      expect(b.body.served).toBe((a.body.served as number) + 1);
    }
    await get('/api/v1/product/missing');
    const missing = await get('/api/v1/product/missing');
    expect(missing.res.status).toBe(404);
    expect(missing.res.headers.get('x-cache')).toBe('MISS');
  });

  test('a product page’s HTML takes its title from the cached product answer', async () => {
    await get('/api/v1/product/p-7');
    const page = await fetch(`${base}/product/p-7`);
    expect(await page.text()).toContain('<title>Steel Tumbler – ShopKart</title>');
    expect(reached.filter((r) => r === 'GET /api/v1/product/p-7')).toHaveLength(1);
  });

  test('a catalog event purges what was stored', async () => {
    const before = await get('/api/v1/products?page=1');
    expect((await get('/api/v1/products?page=1')).res.headers.get('x-cache')).toBe('HIT');
    await bus.publish(makeEvent('catalog', 'ProductChanged', { productId: 'p1' }));
    await waitFor(async () => (await get('/api/v1/products?page=1')).body.served !== before.body.served);
  });

  test('a change of stock alone purges only the answers that show the product; the product list stays with the gateway', async () => {
    const page1 = await get('/api/v1/products?page=1');
    const page2 = await get('/api/v1/products?page=2');
    expect(page1.res.headers.get('x-shop-cache-tags')).toBeNull();
    await bus.publish(makeEvent('catalog', 'ProductChanged', { productId: 'p3', stock: 5, stockOnly: true }));
    await waitFor(async () => (await get('/api/v1/products?page=2')).body.served !== page2.body.served);
    const again = await get('/api/v1/products?page=1');
    expect(again.res.headers.get('x-cache')).toBe('HIT');
    expect(again.body.served).toBe(page1.body.served);
    // Any other change of a product (price, a product going out of stock) purges everything.
    await bus.publish(makeEvent('catalog', 'ProductChanged', { productId: 'p3', price: 100 }));
    await waitFor(async () => (await get('/api/v1/products?page=1')).body.served !== page1.body.served);
  });

  test('a successful catalog write through this gateway purges before its caller can read again', async () => {
    const before = await get('/api/v1/products?page=1');
    const write = await fetch(`${base}/api/v1/admin/product/p1`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(write.status).toBe(200);
    const after = await get('/api/v1/products?page=1');
    expect(after.res.headers.get('x-cache')).toBe('MISS');
    expect(after.body.served).not.toBe(before.body.served);
    // Writes to other services leave the catalog's answers alone.
    await fetch(`${base}/api/v1/addToCart`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect((await get('/api/v1/products?page=1')).res.headers.get('x-cache')).toBe('HIT');
  });
});

async function waitFor(probe: () => Promise<boolean>, timeoutMs = 5_000) {
  const until = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A GET that keeps the body as sent (fetch would decompress it). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}
