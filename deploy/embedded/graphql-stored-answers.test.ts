import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbedded } from './main';

/**
 * GraphQL answers the gateway has stored (decision 0093) are sent before Express and Apollo see the
 * request: what a caller and an operator see must not change with it. The edge's steps, the
 * per-client limit and the document limits still apply to every request, stored answer or not, and
 * a request that goes on to Apollo is still logged, counted and charged once.
 */
const PARTNER = 'https://partner.example';
let shop: Awaited<ReturnType<typeof startEmbedded>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'shop-graphql-stored-'));
  shop = await startEmbedded({ PORT: '0', METRICS_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: join(dataDir, 'no-web'), CORS_ORIGINS: PARTNER });
}, 180_000);

afterAll(async () => {
  await shop?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = async (query: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${shop.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) });
  return { res, text: await res.text() };
};
const remaining = (res: Response) => Number(res.headers.get('ratelimit-remaining'));

test('a stored answer is the one Apollo gave, with this caller’s own request id, security and CORS headers', async () => {
  const query = '{ products(limit: 2) { productCount products { id name price } } }';
  const first = await post(query);
  expect(first.res.status).toBe(200);
  expect(first.res.headers.get('x-cache')).toBe('MISS');
  expect(JSON.parse(first.text).data.products.products).toHaveLength(2);

  const partner = await post(query, { origin: PARTNER });
  expect(partner.res.headers.get('x-cache')).toBe('HIT');
  expect(partner.text).toBe(first.text);
  expect(partner.res.headers.get('content-type')).toBe(first.res.headers.get('content-type'));
  expect(partner.res.headers.get('access-control-allow-origin')).toBe(PARTNER);
  expect(partner.res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(partner.res.headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(partner.res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  expect(partner.res.headers.get('x-request-id')).not.toBe(first.res.headers.get('x-request-id'));
  // The next caller, from the shop's own page, gets no partner's CORS headers from the store.
  const own = await post(query);
  expect(own.res.headers.get('x-cache')).toBe('HIT');
  expect(own.res.headers.get('access-control-allow-origin')).toBeNull();
});

test('a page on another site cannot have a stored answer posted for it (CSRF), nor pass the document limits', async () => {
  const query = '{ categories { name } }';
  await post(query);
  expect((await post(query)).res.headers.get('x-cache')).toBe('HIT');
  const foreign = await post(query, { origin: 'https://evil.example' });
  expect(foreign.res.status).toBe(403);
  expect(JSON.parse(foreign.text)).toEqual({ success: false, message: 'Cross-site request refused.' });
  const long = await post(`${query} # ${'x'.repeat(13_000)}`);
  expect(long.res.status).toBe(400);
  expect(JSON.parse(long.text).errors[0].message).toBe('Query is too long (maximum 12000 characters).');
  const broken = await fetch(`${shop.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": ' });
  expect(broken.status).toBe(400);
});

test('a stored answer still counts each of its root fields against the per-minute limit; a request Apollo answers counts once', async () => {
  const three = '{ a: categories { name } b: colorPalette { name } c: products(limit: 1) { productCount } }';
  const miss = await post(three);
  expect(miss.res.headers.get('x-cache')).toBe('MISS');
  const hit = await post(three);
  expect(hit.res.headers.get('x-cache')).toBe('HIT');
  // The edge counted the request, the document limits its two further root fields.
  const after = await post('{ colorPalette { name } }');
  expect(remaining(hit.res) - remaining(after.res)).toBe(3);

  // Never stored (a shopper's own data): Apollo answers, and the request is charged once.
  const mine = await post('{ me { id } }');
  const again = await post('{ me { id } }');
  expect(again.res.headers.get('x-cache')).toBe('MISS');
  expect(remaining(mine.res) - remaining(again.res)).toBe(1);
});

test('stored answers and Apollo’s are each counted once, under the /graphql route', async () => {
  const scrape = async () => (await fetch(`http://127.0.0.1:${shop.metricsPort}/metrics`)).text();
  const countOf = (text: string) => Number(/http_requests_total\{service="gateway",method="POST",route="\/graphql",status="200"\} (\d+)/.exec(text)?.[1] ?? 0);
  const before = countOf(await scrape());
  const query = '{ products(limit: 3) { productCount } }';
  for (let i = 0; i < 3; i += 1) await post(query); // a miss, then two stored answers
  await post('{ me { id } }'); // Apollo's
  // A request is counted when its answer has been handed to the socket; scrape until it is there.
  let text = await scrape();
  for (let tries = 0; tries < 50 && countOf(text) < before + 4; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    text = await scrape();
  }
  expect(countOf(text)).toBe(before + 4);
});
