/**
 * Load benchmarks through the gateway in distributed mode (every service its own process, real
 * PostgreSQL, RabbitMQ and Redis). Each scenario runs with autocannon beside the gateway's own
 * /healthz, which is the ceiling of the same run on the same machine.
 *
 *   npm run bench                       # all scenarios, 50 connections, 10 s each
 *   npm run bench -- --only=profile --connections=20 --seconds=5
 */
import autocannon from 'autocannon';
import { ShopClient } from '../support/http-client';
import { startDistributedShop } from '../support/distributed-shop';

interface Scenario {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: string;
  auth?: boolean;
}

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k, v ?? 'true'];
  }),
);
const connections = Number(args.connections ?? 50);
const seconds = Number(args.seconds ?? 10);

const scenarios: Scenario[] = [
  { name: 'gateway /healthz (ceiling)', path: '/healthz' },
  { name: 'REST GET /api/v1/profile', path: '/api/v1/profile', auth: true },
  { name: 'GraphQL { me }', method: 'POST', path: '/graphql', body: JSON.stringify({ query: '{ me { id name email role } }' }), auth: true },
  { name: 'REST GET /api/v1/products?page=1', path: '/api/v1/products?page=1' },
  { name: 'GraphQL products(page: 1)', method: 'POST', path: '/graphql', body: JSON.stringify({ query: '{ products(page: 1) { productCount totalPages products { id name price oldPrice discount thumbnail rating } } }' }) },
  { name: 'REST GET /api/v1/product/{id}', path: '/api/v1/product/:productId' },
  {
    name: 'GraphQL product(id)',
    method: 'POST',
    path: '/graphql',
    body: JSON.stringify({ query: 'query($id: ID!) { product(id: $id) { id name price oldPrice discount description image size colors stockDetail { size stock } rating reviews } }', variables: { id: ':productId' } }),
  },
  { name: 'REST POST /api/v1/addToCart', method: 'POST', path: '/api/v1/addToCart', body: JSON.stringify({ productId: ':productId', quantity: 1, properties: ':properties' }), auth: true },
  { name: 'REST GET /api/v1/loadCart', path: '/api/v1/loadCart', auth: true },
];

/** One request first: a scenario whose answer is an error (GraphQL errors come with 200) is not a result. */
async function check(base: string, s: Scenario, cookie: string): Promise<string | undefined> {
  const res = await fetch(base + s.path, { method: s.method ?? 'GET', body: s.body, headers: { 'content-type': 'application/json', ...(s.auth ? { cookie } : {}) } });
  const text = await res.text();
  if (!res.ok) return `HTTP ${res.status}: ${text.slice(0, 120)}`;
  if (s.path === '/graphql' && JSON.parse(text).errors) return `GraphQL error: ${text.slice(0, 120)}`;
  return undefined;
}

async function run(base: string, s: Scenario, cookie: string) {
  const problem = await check(base, s, cookie);
  if (problem) return { scenario: s.name, 'req/s': 0, 'median ms': 0, 'p99 ms': 0, requests: 0, 'non-2xx': 0, errors: 1, ok: false, problem };
  const result = await autocannon({
    url: base + s.path,
    method: s.method ?? 'GET',
    body: s.body,
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json', ...(s.auth ? { cookie } : {}) },
  });
  const ok = result.non2xx === 0 && result.errors === 0;
  return {
    scenario: s.name,
    'req/s': Math.round(result.requests.average),
    'median ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
    'non-2xx': result.non2xx,
    errors: result.errors,
    ok,
  };
}

/**
 * The demo catalog's pictures are made in the background after start; wait until they are done so
 * the image job does not share the CPU with the measurement.
 */
async function waitForDemoImages(client: ShopClient, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    let missing = 0;
    const first = await client.get('/api/v1/products?limit=48&page=1');
    for (let page = 1; page <= (first.body?.totalPages ?? 1); page++) {
      const res = page === 1 ? first : await client.get(`/api/v1/products?limit=48&page=${page}`);
      missing += (res.body?.products ?? []).filter((p: { image: string[] }) => p.image.length === 0).length;
    }
    if (missing <= 2 || Date.now() > until) return;
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/** Fills in the id (and a valid size/colour) of a real product: the demo catalog's first listed one in stock. */
function withProduct(s: Scenario, productId: string, properties: { size?: string; color?: string }): Scenario {
  return {
    ...s,
    path: s.path.replace(':productId', productId),
    body: s.body?.replace(':productId', productId).replace('":properties"', JSON.stringify(properties)),
  };
}

async function main() {
  const shop = await startDistributedShop({ gateway: { RATE_LIMIT_PER_MINUTE: '0' } });
  try {
    const client = new ShopClient(shop.base);
    await client.post('/api/v1/register', { name: 'Bench User', email: 'bench@shop.test', phone: '9000000099', password: 'bench-pass-1' });
    const cookie = client.cookieHeader();
    await waitForDemoImages(client);
    const listing = await client.get('/api/v1/products?page=1&inStock=true');
    const product = listing.body?.products?.[0] ?? {};
    const productId = String(product._id ?? 'none');
    const size = (product.size ?? []).find((sz: string) => (product.stockDetail?.[sz] ?? 0) > 0);
    const properties = { ...(size ? { size } : {}), ...(product.colors?.[0] ? { color: product.colors[0] } : {}) };
    const only = args.only;
    const rows = [];
    for (const s of scenarios) {
      if (only && !s.name.toLowerCase().includes(String(only).toLowerCase()) && !s.name.includes('ceiling')) continue;
      rows.push(await run(shop.base, withProduct(s, productId, properties), cookie));
    }
    console.log(`\n${connections} connections, ${seconds} s per scenario, distributed mode\n`);
    console.table(rows);
  } finally {
    await shop.stop();
  }
}

void main();
