/**
 * Load benchmarks through the gateway in distributed mode (every service its own process, real
 * PostgreSQL, RabbitMQ and Redis). Each scenario runs with autocannon beside the gateway's own
 * /healthz, which is the ceiling of the same run on the same machine.
 *
 *   npm run bench                       # all scenarios, 50 connections (20 for placeOrder), 10 s each
 *   npm run bench -- --only=profile --connections=20 --seconds=5
 *   npm run bench -- --only placeOrder,addToCart,loadCart
 *   npm run bench -- --catalog 1000000  # the catalog at scale instead (catalog-scale.ts)
 *   npm run bench -- --json             # also one JSON line per scenario
 *   npm run bench -- --only placeOrder --rate 100            # open loop: 100 orders/s arriving
 *   npm run bench -- --only placeOrder,addToCart --rate placeOrder:100,addToCart:400
 *   npm run bench -- --only placeOrder --products 10        # orders spread over 10 products in turn
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon, { type RequestParams } from 'autocannon';
import { MAX_STOCK } from '@shop/proto-contracts';
import { gatewayClientHeaders } from '@shop/platform';
import { Client } from 'pg';
import { ShopClient } from '../support/http-client';
import { startDistributedShop, type DistributedShop } from '../support/distributed-shop';
import { freePort, startProcess, waitForHttp } from '../support/processes';
import { openLoop, type OpenLoopRequest } from './open-loop';
import { inHelloWorlds, readTargets, REFERENCE_HELLO_WORLD_MS, summariseRounds } from './targets';

interface Scenario {
  /** What --only selects it by (besides a part of its name). */
  id: string;
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: string;
  auth?: boolean;
  /** Concurrent connections of this scenario when --connections is not given (default 50). */
  connections?: number;
  /** Each request carries its own Idempotency-Key, so each one is a new order. */
  idempotencyKey?: boolean;
  /** Requests take turns among the bench shoppers (one per connection) instead of one shopper. */
  perShopper?: boolean;
  /** Measured while this other scenario runs at the same time (its row is reported too). */
  during?: string;
  /** Sent to the Express hello-world beside the shop instead of the gateway. */
  express?: boolean;
  /** Bodies taken in turn, one per request, instead of `body` (placeOrder over several products). */
  bodies?: string[];
}

/** `--name=value`, `--name value` or a bare `--flag`. */
function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([^=]+)(?:=(.*))?$/.exec(argv[i]!);
    if (!m) continue;
    if (m[2] !== undefined) out[m[1]!] = m[2];
    else if (argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) out[m[1]!] = argv[++i]!;
    else out[m[1]!] = 'true';
  }
  return out;
}

const args = parseArgs(process.argv.slice(2));
const connectionsOf = (s: Scenario) => Number(args.connections ?? s.connections ?? 50);
const seconds = Number(args.seconds ?? 10);
const warmupSeconds = Number(args.warmup ?? 2);
const json = args.json === 'true';
/** `--products=<n>`: placeOrder's orders spread over n products in turn (default 1: every order queues on one product's stock). */
const orderProducts = Number(args.products ?? 1);
if (!Number.isInteger(orderProducts) || orderProducts < 1 || orderProducts > 100) throw new Error(`--products: "${args.products}" is not a number of products from 1 to 100`);
/**
 * `--node-env=<mode>`: what NODE_ENV the shop's processes run with; `production` (default) as a
 * deployed shop runs (graphql-js then skips its development checks), `test` as the system tests do
 * (and as the bench did before 2026-11-28, so its earlier figures compare with `--node-env test`).
 */
const nodeEnv = args['node-env'] ?? 'production';
if (!['production', 'test'].includes(nodeEnv)) throw new Error(`--node-env: "${nodeEnv}" is not production or test`);
/**
 * `--rounds=<n>` (default 1): the chosen scenarios n times over, each round after its own Express
 * hello-world, so each figure is read against a hello-world measured a few seconds from it rather
 * than minutes; the targets are then read per round and summed up by their median (decision 0096).
 */
const rounds = Number(args.rounds ?? 1);
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 50) throw new Error(`--rounds: "${args.rounds}" is not a number of rounds from 1 to 50`);
/**
 * `--jit-warmup=<s>` (default 20; 0 for none): before the measured rounds, each chosen scenario
 * runs this long unmeasured (decision 0096). V8 compiles a function with its optimising compiler
 * once it has run often enough; a scenario's first seconds pay for compiling its whole path (the
 * services spent 17–26 % of a placeOrder run's CPU in the compiler after a 2 s warm-up), a cost a
 * running shop paid once, at its first minutes.
 */
const jitWarmupSeconds = Number(args['jit-warmup'] ?? 20);
if (!(jitWarmupSeconds >= 0)) throw new Error(`--jit-warmup: "${args['jit-warmup']}" is not a number of seconds`);
const only = args.only?.split(',').map((w) => w.trim().toLowerCase()).filter(Boolean);
const alwaysRun = ['express', 'ceiling'];
/**
 * `--rate=100` (every chosen scenario) or `--rate=placeOrder:100,addToCart:400`: those scenarios
 * run open loop at that many arrivals per second instead of with closed-loop connections.
 */
const rates: Record<string, number> = {};
if (args.rate) {
  for (const part of args.rate.split(',')) {
    const [id, value] = part.includes(':') ? part.split(':') : ['*', part];
    if (!(Number(value) > 0)) throw new Error(`--rate: "${part}" is not a rate (requests per second)`);
    rates[id!.trim().toLowerCase()] = Number(value);
  }
}
const rateOf = (s: Scenario): number | undefined => rates[s.id.toLowerCase()] ?? rates['*'];
const selected = (s: Scenario) => !only || alwaysRun.includes(s.id) || only.some((w) => s.id.toLowerCase() === w || s.name.toLowerCase().includes(w));

const shippingInfo = { address: '14 Park Street', city: 'Kolkata', state: 'West Bengal', country: 'India', pinCode: '700016', phoneNo: '+91 98300 12345' };

const scenarios: Scenario[] = [
  { id: 'express', name: 'Express hello-world (ceiling of the stack)', path: '/', express: true },
  { id: 'ceiling', name: 'gateway /healthz (ceiling)', path: '/healthz' },
  { id: 'profile', name: 'REST GET /api/v1/profile', path: '/api/v1/profile', auth: true },
  { id: 'me', name: 'GraphQL { me }', method: 'POST', path: '/graphql', body: JSON.stringify({ query: '{ me { id name email role } }' }), auth: true },
  { id: 'products', name: 'REST GET /api/v1/products?page=1', path: '/api/v1/products?page=1' },
  { id: 'productsGraphql', name: 'GraphQL products(page: 1)', method: 'POST', path: '/graphql', body: JSON.stringify({ query: '{ products(page: 1) { productCount totalPages products { id name price oldPrice discount thumbnail rating } } }' }) },
  { id: 'product', name: 'REST GET /api/v1/product/{id}', path: '/api/v1/product/:productId' },
  {
    id: 'productGraphql',
    name: 'GraphQL product(id)',
    method: 'POST',
    path: '/graphql',
    body: JSON.stringify({ query: 'query($id: ID!) { product(id: $id) { id name price oldPrice discount description image size colors stockDetail { size stock } rating reviews } }', variables: { id: ':productId' } }),
  },
  { id: 'addToCart', name: 'REST POST /api/v1/addToCart', method: 'POST', path: '/api/v1/addToCart', body: JSON.stringify({ productId: ':productId', quantity: 1, properties: ':properties' }), auth: true, perShopper: true },
  { id: 'loadCart', name: 'REST GET /api/v1/loadCart', path: '/api/v1/loadCart', auth: true, perShopper: true },
  {
    // Checkout end to end (stock reserved in the catalog, order + OrderPlaced written; relays, mail
    // and cart consumers at work behind it). The bench shoppers, a product whose stock never runs out.
    id: 'placeOrder',
    name: 'REST POST /api/v1/new/order (placeOrder)',
    method: 'POST',
    path: '/api/v1/new/order',
    body: JSON.stringify({ shippingInfo, orderItems: [{ product: ':orderProductId', quantity: 1 }] }),
    auth: true,
    connections: 20,
    idempotencyKey: true,
    perShopper: true,
  },
  {
    // The first listing page while checkouts run beside it (each order changes its product's stock:
    // only the cached answers that hold that product are purged).
    id: 'productsDuringOrders',
    name: 'REST GET /api/v1/products?page=1 while orders are placed',
    path: '/api/v1/products?page=1',
    during: 'placeOrder',
  },
];

const withIdempotencyKey = (s: Scenario, headers: Record<string, string>) => (s.idempotencyKey ? { ...headers, 'idempotency-key': randomUUID() } : headers);

/** One request first: a scenario whose answer is an error (GraphQL errors come with 200) is not a result. */
async function check(base: string, s: Scenario, cookie: string): Promise<string | undefined> {
  const headers = withIdempotencyKey(s, { 'content-type': 'application/json', ...(s.auth ? { cookie } : {}) });
  const res = await fetch(base + s.path, { method: s.method ?? 'GET', body: s.body, headers });
  const text = await res.text();
  if (!res.ok) return `HTTP ${res.status}: ${text.slice(0, 120)}`;
  if (s.path === '/graphql' && JSON.parse(text).errors) return `GraphQL error: ${text.slice(0, 120)}`;
  return undefined;
}

interface Row {
  /** With --rounds above 1: the round the row was measured in (1, 2, …). */
  round?: number;
  scenario: string;
  connections: number;
  'req/s': number;
  'median ms': number;
  'p99 ms': number;
  requests: number;
  'non-2xx': number;
  errors: number;
  ok: boolean;
  problem?: string;
  /** placeOrder: ms after the run until the background work had caught up (see waitForBackground). */
  'lag ms'?: number;
  /** Open loop only: the arrival rate asked for, and the 99.9th percentile. */
  'target req/s'?: number;
  'p99.9 ms'?: number;
}

async function run(base: string, s: Scenario, cookie: string, shopperCookies: string[], duration = seconds): Promise<Row> {
  const problem = await check(base, s, cookie);
  const connections = connectionsOf(s);
  let turn = 0;
  let bodyTurn = 0;
  const bodyOf = () => (s.bodies ? s.bodies[bodyTurn++ % s.bodies.length] : s.body);
  const setup = (req: RequestParams): RequestParams => {
    let headers = req.headers ?? {};
    if (s.perShopper) headers = { ...headers, cookie: shopperCookies[turn++ % shopperCookies.length]! };
    return { ...req, headers: withIdempotencyKey(s, headers), ...(s.bodies ? { body: bodyOf() } : {}) };
  };
  if (problem) return { scenario: s.name, connections, 'req/s': 0, 'median ms': 0, 'p99 ms': 0, requests: 0, 'non-2xx': 0, errors: 1, ok: false, problem };
  const rate = rateOf(s);
  if (rate) {
    const url = new URL(base + s.path);
    const next = (): OpenLoopRequest => {
      let headers: Record<string, string> = { 'content-type': 'application/json', ...(s.auth ? { cookie } : {}) };
      if (s.perShopper) headers = { ...headers, cookie: shopperCookies[turn++ % shopperCookies.length]! };
      return { method: s.method ?? 'GET', path: url.pathname + url.search, headers: withIdempotencyKey(s, headers), body: bodyOf() };
    };
    if (warmupSeconds > 0) await openLoop(base, next, rate, warmupSeconds);
    const r = await openLoop(base, next, rate, duration);
    return {
      scenario: s.name,
      connections: 0,
      'target req/s': rate,
      'req/s': r.achievedRate,
      'median ms': r.p50,
      'p99 ms': r.p99,
      'p99.9 ms': r.p999,
      requests: r.answered,
      'non-2xx': r.non2xx,
      errors: r.errors,
      ok: r.non2xx === 0 && r.errors === 0,
    };
  }
  const load = (length: number) =>
    autocannon({
      url: base + s.path,
      method: s.method ?? 'GET',
      body: s.body,
      connections,
      duration: length,
      headers: { 'content-type': 'application/json', ...(s.auth ? { cookie } : {}) },
      ...(s.idempotencyKey || s.perShopper || s.bodies ? { requests: [{ setupRequest: setup }] } : {}),
    });
  if (warmupSeconds > 0) await load(warmupSeconds);
  const result = await load(duration);
  const ok = result.non2xx === 0 && result.errors === 0;
  return {
    scenario: s.name,
    connections,
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
 * After a checkout run: how long until the background work has caught up — every order's
 * OrderPlaced relayed and consumed by the cart, every confirmation mail recorded, and the catalog's
 * ProductChanged events relayed. Read from the services' own databases.
 */
async function waitForBackground(shop: DistributedShop, timeoutMs = 120_000): Promise<number> {
  const started = Date.now();
  const db = async (service: 'order' | 'cart' | 'catalog') => {
    const c = new Client({ connectionString: shop.databaseUrl(service) });
    await c.connect();
    return c;
  };
  const [order, cart, catalog] = await Promise.all([db('order'), db('cart'), db('catalog')]);
  const one = async (c: Client, text: string) => Number((await c.query(text)).rows[0].n);
  try {
    for (;;) {
      const orders = await one(order, 'select count(*) as n from "order".orders');
      // The confirmations (the only mails of a bench run): recorded with the order since decision 0038,
      // for the orders of verified buyers only (decision 0042, amendment; the bench's shoppers are).
      const mailed = await one(order, 'select count(*) as n from "order".orders where buyer_email_verified is not false');
      const mails = await one(order, 'select count(*) as n from "order".mail_log');
      const unrelayed = (await one(order, 'select count(*) as n from "order".outbox where published_at is null')) + (await one(catalog, 'select count(*) as n from catalog.outbox where published_at is null'));
      const consumed = await one(cart, `select count(*) as n from cart.processed_events where consumer = 'cart.order-events'`);
      if (mails >= mailed && consumed >= orders && unrelayed === 0) return Date.now() - started;
      if (Date.now() - started > timeoutMs) return Number.POSITIVE_INFINITY;
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await Promise.all([order.end(), cart.end(), catalog.end()]);
  }
}

/**
 * CPU time (ms, user + system) used so far by each process of the shop and by the PostgreSQL
 * backends serving its databases: on a shared machine, CPU per request is the figure other loads
 * disturb least (throughput and latency depend on what else runs).
 */
async function cpuTimes(shop: DistributedShop, admin: Client, others: Record<string, number | undefined> = {}): Promise<Record<string, number>> {
  const tick = 1000 / 100; // USER_HZ is 100 on Linux
  const cpuOf = (pid: number | undefined) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      return 0;
    }
  };
  const out: Record<string, number> = {};
  for (const [name, proc] of Object.entries(shop.processes)) out[name] = cpuOf(proc.child.pid);
  for (const [name, pid] of Object.entries(others)) out[name] = cpuOf(pid);
  const { rows } = await admin.query('select pid from pg_stat_activity where datname like $1', [`shop_sys_${shop.id}_%`]);
  out.postgres = rows.reduce((sum: number, r: { pid: number }) => sum + cpuOf(r.pid), 0);
  return out;
}

/**
 * CPU ms per request of each process between two cpuTimes(), e.g. `gateway 0.4, cart 1.2, …`,
 * less what the process uses when idle (its relays, recovery loops and heartbeats: `idlePerMs`
 * times the milliseconds elapsed), which would otherwise weigh on slow scenarios.
 */
function cpuPerRequest(before: Record<string, number>, after: Record<string, number>, requests: number, idlePerMs: Record<string, number>, elapsedMs: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of Object.keys(after)) {
    const used = after[name]! - (before[name] ?? 0) - (idlePerMs[name] ?? 0) * elapsedMs;
    if (requests > 0) out[name] = Math.max(0, Math.round((100 * used) / requests) / 100);
  }
  return out;
}

/**
 * CPU ms each process uses per ms while the shop is idle: the least of `windows` windows of `ms`
 * each, per process. A process still busy with its start (compiling, its first relay and recovery
 * passes) shows in the first window only; taken as idle, that work would be subtracted from every
 * scenario (the order service read 53 ms/s in one window and 5 ms/s a few seconds later).
 */
async function idleCpuRate(shop: DistributedShop, admin: Client, others: Record<string, number | undefined>, ms = 2000, windows = 3): Promise<Record<string, number>> {
  const least: Record<string, number> = {};
  let before = await cpuTimes(shop, admin, others);
  for (let i = 0; i < windows; i++) {
    await new Promise((r) => setTimeout(r, ms));
    const after = await cpuTimes(shop, admin, others);
    for (const name of Object.keys(after)) {
      const rate = Math.max(0, (after[name]! - (before[name] ?? 0)) / ms);
      least[name] = Math.min(least[name] ?? rate, rate);
    }
    before = after;
  }
  return least;
}

/** An Express 5 hello-world in its own process, beside the shop (the ceiling of the stack). */
async function startExpress() {
  const port = await freePort();
  const proc = startProcess('express', 'tests/bench/hello-express.ts', { NODE_ENV: 'production', PORT: String(port) });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(base + '/', proc);
  return { base, pid: proc.child.pid, stop: () => proc.stop() };
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

/**
 * Fills in the id (and a valid size/colour) of a real product — the demo catalog's first listed one
 * in stock — and the id of the product the placeOrder scenario buys (with several, one body each,
 * taken in turn).
 */
function withProduct(s: Scenario, productId: string, properties: { size?: string; color?: string }, orderProductIds: string[]): Scenario {
  const body = s.body?.replace(':productId', productId).replace('":properties"', JSON.stringify(properties));
  const buys = body?.includes(':orderProductId');
  return {
    ...s,
    path: s.path.replace(':productId', productId),
    body: body?.replace(':orderProductId', orderProductIds[0]!),
    ...(buys && orderProductIds.length > 1 ? { bodies: orderProductIds.map((id) => body!.replace(':orderProductId', id)) } : {}),
  };
}

/** The n-th product the placeOrder scenario buys, with as much stock as the catalog allows, so no order is refused. */
async function createOrderProduct(base: string, n: number): Promise<string> {
  const admin = new ShopClient(base);
  const login = await admin.post('/api/v1/login', { email: 'admin@shop.test', password: 'Admin#12345' });
  if (login.status !== 200) throw new Error(`admin login failed: HTTP ${login.status}`);
  const res = await admin.post('/api/v1/admin/product/create', {
    id: `BENCH-ORDER-${n}`,
    name: n === 1 ? 'Bench Steel Tumbler' : `Bench Steel Tumbler ${n}`,
    price: 249,
    discount: 0,
    description: 'Stainless steel tumbler bought over and over by the placeOrder benchmark.',
    category: 1,
    subcat: 'cookware',
    stock: MAX_STOCK,
  });
  if (res.status !== 201) throw new Error(`bench product not created: HTTP ${res.status} ${JSON.stringify(res.body)}`);
  return String(res.body.product._id);
}

/**
 * Shoppers for the per-shopper scenarios, one per connection. Registered at the auth service
 * directly, each from its own address (vouched for as the gateway does): sign-up is limited per address, and the bench
 * harness stands where the gateway would.
 */
async function registerShoppers(shop: DistributedShop, count: number): Promise<string[]> {
  const cookies: string[] = [];
  const auth = new Client({ connectionString: shop.databaseUrl('auth') });
  await auth.connect();
  try {
    for (let i = 0; i < count; i++) {
      const shopper = new ShopClient(shop.urls.auth);
      const email = `bench-${i}@shop.test`;
      const from = gatewayClientHeaders(shop.internalToken, `10.77.${i >> 8}.${i & 255}`);
      const res = await shopper.post('/api/v1/register', { name: `Bench Shopper ${i}`, email, phone: `90000${String(10000 + i).slice(-5)}`, password: 'bench-pass-1' }, from);
      if (res.status !== 201 && res.status !== 200) throw new Error(`bench shopper not registered: HTTP ${res.status} ${JSON.stringify(res.body)}`);
      // Verified, as a real shopper who clicked the mailed link, so each order makes its confirmation
      // mail as a real one does (decision 0042: an unverified buyer gets none); then a token that says so.
      await auth.query('update auth.users set email_verified_at = now() where email = $1', [email]);
      const login = await shopper.post('/api/v1/login', { email, password: 'bench-pass-1' }, from);
      if (login.status !== 200) throw new Error(`bench shopper not logged in: HTTP ${login.status} ${JSON.stringify(login.body)}`);
      cookies.push(shopper.cookieHeader());
    }
  } finally {
    await auth.end();
  }
  return cookies;
}

async function main() {
  const express = await startExpress();
  // --uncached: the gateway keeps no answers (RESPONSE_CACHE_MB=0), so reads reach the services.
  const asDeployed = { NODE_ENV: nodeEnv };
  const shop = await startDistributedShop({
    auth: asDeployed,
    catalog: asDeployed,
    cart: asDeployed,
    order: asDeployed,
    media: asDeployed,
    gateway: { ...asDeployed, RATE_LIMIT_PER_MINUTE: '0', ...(args.uncached !== undefined ? { RESPONSE_CACHE_MB: '0' } : {}) },
  }).catch(async (err) => {
    await express.stop();
    throw err;
  });
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
    const chosen = scenarios.filter(selected);
    const buys = (s: Scenario) => s.id === 'placeOrder' || s.during === 'placeOrder';
    const orderProductIds: string[] = [];
    for (let n = 1; chosen.some(buys) && n <= orderProducts; n++) orderProductIds.push(await createOrderProduct(shop.base, n));
    if (orderProductIds.length === 0) orderProductIds.push('none');
    const perShopper = scenarios.filter((s) => chosen.some((c) => c === s || c.during === s.id)).filter((s) => s.perShopper);
    const shopperCookies = perShopper.length ? await registerShoppers(shop, Math.max(...perShopper.map(connectionsOf))) : [];
    const rows: Row[] = [];
    const cpu: Array<Record<string, number | string>> = [];
    /** Each round's CPU totals by scenario id (the hello-world's as `express`). */
    const totalsByRound: Array<Record<string, number>> = [];
    const admin = new Client({ connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    // Measured once before any load: right after a scenario, leftovers of its work would count as idle.
    const idle = await idleCpuRate(shop, admin, { express: express.pid });
    // What each process does with no load, taken off every scenario's figures: shown, since a busy idle window would hide a process's work.
    console.log(`idle CPU, ms per second: ${Object.entries(idle).map(([name, perMs]) => `${name} ${(perMs * 1000).toFixed(1)}`).join(', ')}`);
    const prepared = (s: Scenario) => withProduct(s, productId, properties, orderProductIds);
    // Each scenario's path compiled before anything is measured (a scenario run beside another is
    // warmed by the two run alone); a checkout's background work done before the next one starts.
    if (jitWarmupSeconds > 0) {
      console.log(`JIT warm-up: ${jitWarmupSeconds} s of each scenario, not measured`);
      const alone = chosen.flatMap((c) => (c.during ? [c, scenarios.find((o) => o.id === c.during)!] : [c]));
      for (const s of alone.filter((c, i) => alone.findIndex((o) => o.id === c.id) === i)) {
        await run(s.express ? express.base : shop.base, prepared(s), cookie, shopperCookies, jitWarmupSeconds);
        if (s.idempotencyKey) await waitForBackground(shop);
      }
    }
    for (let round = 1; round <= rounds; round++) {
      const totals: Record<string, number> = {};
      totalsByRound.push(totals);
      const inRound = <T extends object>(row: T): T & { round?: number } => (rounds > 1 ? { round, ...row } : row);
      for (const s of chosen) {
        const cpuBefore = await cpuTimes(shop, admin, { express: express.pid });
        const started = Date.now();
        const rowsBefore = rows.length;
        if (s.express) {
          rows.push(inRound(await run(express.base, s, cookie, shopperCookies)));
        } else if (s.during) {
          // Both at once, the other one started first and running a little longer on both sides.
          const other = scenarios.find((o) => o.id === s.during)!;
          const beside = run(shop.base, { ...prepared(other), name: `${other.name} beside the listing` }, cookie, shopperCookies, seconds + 2);
          await new Promise((r) => setTimeout(r, (warmupSeconds + 1) * 1000));
          rows.push(inRound(await run(shop.base, prepared(s), cookie, shopperCookies)));
          rows.push(inRound(await beside));
        } else {
          rows.push(inRound(await run(shop.base, prepared(s), cookie, shopperCookies)));
        }
        if (s.idempotencyKey || s.during) rows[rows.length - 1]!['lag ms'] = await waitForBackground(shop);
        // Warm-up and catch-up included: the work the scenario caused, over the requests it measured
        // (times the warm-up's share, taken at the measured rate).
        const requests = rows.slice(rowsBefore).reduce((n, r) => n + r.requests * (1 + warmupSeconds / seconds), 0);
        if (!s.during) {
          const perProcess = cpuPerRequest(cpuBefore, await cpuTimes(shop, admin, { express: express.pid }), requests, idle, Date.now() - started);
          // The Express process is its own scenario's server; for the shop's scenarios it only idles.
          const shopTotal = Object.entries(perProcess).filter(([name]) => (s.express ? name === 'express' : name !== 'express')).reduce((sum, [, ms]) => sum + ms, 0);
          cpu.push(inRound({ scenario: s.name, ...perProcess, total: Math.round(shopTotal * 100) / 100 }));
          // The targets were set on closed-loop runs; an open-loop rate changes the CPU per request
          // (the hello-world is kept either way: it is the unit of every row).
          if (!rateOf(s) || s.express) totals[s.id] = Math.round(shopTotal * 100) / 100;
        }
      }
    }
    // This sitting's Express hello-world (each round's own): every total also in its requests (decision 0092).
    const helloWorldOf = (round: number | undefined) => totalsByRound[(round ?? 1) - 1]!.express ?? 0;
    const helloWorldMs = helloWorldOf(1);
    for (const row of cpu) {
      const total = Number(row.total);
      const x = row.scenario === scenarios[0]!.name ? undefined : inHelloWorlds(total, helloWorldOf(row.round as number | undefined));
      if (x !== undefined) row['hello-worlds'] = x;
      // How much of the machine the scenario's rate kept busy: near the core count, the machine
      // itself was the limit and latency measures its queue (an open-loop rate it cannot carry).
      const rps = rows.find((r) => r.scenario === row.scenario && r.round === row.round)?.['req/s'];
      if (rps) row['cores busy'] = Math.round((rps * total) / 10) / 100;
    }
    await admin.end();
    console.log(`\n${seconds} s per scenario after a ${warmupSeconds} s warm-up, distributed mode\n`);
    console.table(rows.map(({ ok: _ok, ...row }) => row));
    console.log('\nCPU ms per request, by process, less its idle use (PostgreSQL: the backends of the shop\'s databases; total: the shop\'s processes and PostgreSQL)\n');
    console.table(cpu);
    const ceiling = rows.find((r) => r.scenario === scenarios[1]!.name && (r.round ?? 1) === 1);
    const hello = rows.find((r) => r.scenario === scenarios[0]!.name && (r.round ?? 1) === 1);
    if (ceiling && hello?.['req/s']) console.log(`gateway /healthz: ${Math.round((100 * ceiling['req/s']) / hello['req/s'])}% of the Express hello-world`);
    const targets = rounds > 1 ? [] : readTargets(totalsByRound[0]!, helloWorldMs, args.uncached !== undefined);
    const perRound = rounds > 1 ? totalsByRound.map((totals) => readTargets(totals, totals.express ?? 0, args.uncached !== undefined)) : [];
    const summary = summariseRounds(perRound);
    if (summary.length) {
      console.log(`\nIssue 25's CPU targets over ${rounds} rounds, each round read against its own Express hello-world (decision 0096; ${REFERENCE_HELLO_WORLD_MS} ms where the targets were set, decision 0092)\n`);
      console.table(summary);
    }
    if (targets.length) {
      console.log(
        `\nIssue 25's CPU targets, scaled by this sitting's Express hello-world (${helloWorldMs} ms per request; ${REFERENCE_HELLO_WORLD_MS} ms where the targets were set, decision 0092)\n`,
      );
      console.table(targets);
    }
    if (json) {
      for (const r of rows) {
        const cpuRow = cpu.find((c) => c.scenario === r.scenario && c.round === r.round) ?? {};
        const cpuMs = Object.fromEntries(Object.entries(cpuRow).filter(([name, ms]) => typeof ms === 'number' && name !== 'hello-worlds' && name !== 'cores busy'));
        const line = {
          ...(r.round !== undefined ? { round: r.round } : {}),
          scenario: r.scenario,
          ...(r['target req/s'] !== undefined ? { mode: 'open', targetRps: r['target req/s'] } : { mode: 'closed', connections: r.connections }),
          rps: r['req/s'],
          p50: r['median ms'],
          p99: r['p99 ms'],
          ...(r['p99.9 ms'] !== undefined ? { p999: r['p99.9 ms'] } : {}),
          non2xx: r['non-2xx'],
          errors: r.errors,
          ...(r['lag ms'] !== undefined ? { lagMs: r['lag ms'] } : {}),
          ...(Object.keys(cpuMs).length ? { cpuMs } : {}),
          ...(cpuRow['hello-worlds'] !== undefined ? { helloWorlds: cpuRow['hello-worlds'] } : {}),
          ...(cpuRow['cores busy'] !== undefined ? { coresBusy: cpuRow['cores busy'] } : {}),
        };
        console.log(JSON.stringify(line));
      }
    }
  } finally {
    await shop.stop();
    await express.stop();
  }
}

// Stopped by a signal (a timeout, kill, Ctrl-C): exit, so the processes it started are stopped
// with it (tests/support/processes.ts) instead of running on beside the next run.
for (const [sig, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) process.once(sig, () => process.exit(code));

if (args.catalog || args['catalog-database']) {
  void import('./catalog-scale').then(({ runCatalogScale }) =>
    runCatalogScale({ products: Number(args.catalog ?? 0), database: args['catalog-database'], requests: Number(args.requests ?? 30), only: typeof args.only === 'string' ? args.only.split(',') : undefined }),
  ).catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
} else {
  void main();
}
