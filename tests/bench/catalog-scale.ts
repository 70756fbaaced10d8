/**
 * The catalog at scale: `npm run bench -- --catalog 1000000` creates a database of its own
 * (bench_catalog_<random>, on the server of DATABASE_URL), fills it with that many generated
 * products through the seed generator (timed), starts the catalog service on it in this process
 * and times single requests to the service, one at a time, as a shopper's page makes them. The
 * database is dropped at the end, also when the run fails.
 *
 *   npm run bench -- --catalog 1000000
 *   npm run bench -- --catalog 1000000 --requests 50
 *   npm run bench -- --catalog-database bench_catalog_mine   # an existing, already filled database: kept
 */
import { randomBytes, generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { closeRuntime, createLogger, createRuntime, listen, MemoryAuthzState, MemoryRateLimitStore, InProcessBus } from '@shop/platform';
import { createCatalogService } from '../../services/catalog/src/app';
import { forgetSearchCandidates } from '../../services/catalog/src/domain/search-candidates';
import { generateCatalog } from '../../services/catalog/src/seed/generate-catalog';

export interface CatalogScaleOptions {
  /** How many products to generate into a fresh database (ignored with `database`). */
  products: number;
  /** An existing database (name) already filled: measured as it is, neither filled nor dropped. */
  database?: string;
  /** Timed requests per scenario (after 3 untimed ones). */
  requests: number;
  /** Only the scenarios whose name holds one of these parts (comma-separated `--only`). */
  only?: string[];
}

interface Timing {
  scenario: string;
  path: string;
  'median ms': number;
  'p90 ms': number;
  'max ms': number;
  target: string;
  ok: boolean;
  /** What the answer held: the total, or the related products of a detail page. */
  answer: string;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Sequential requests to one path: the median, p90 and slowest, and the last answer. */
async function time(base: string, init: { path: string; body?: unknown; before?: () => void }, requests: number) {
  const call = async () => {
    init.before?.();
    const started = performance.now();
    const res = await fetch(base + init.path, init.body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(init.body) });
    const body = (await res.json()) as any;
    const ms = performance.now() - started;
    if (!res.ok || body.errors) throw new Error(`${init.path}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    return { ms, body };
  };
  for (let i = 0; i < 3; i++) await call();
  const times: number[] = [];
  let last: any;
  for (let i = 0; i < requests; i++) {
    const { ms, body } = await call();
    times.push(ms);
    last = body;
  }
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { median: round(quantile(times, 0.5)), p90: round(quantile(times, 0.9)), max: round(times.at(-1)!), body: last };
}

function databaseUrl(base: string, name: string) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function runCatalogScale(opts: CatalogScaleOptions): Promise<void> {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = opts.database ?? `bench_catalog_${randomBytes(4).toString('hex')}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name: ${name}`);
  if (!opts.database && !(Number.isInteger(opts.products) && opts.products >= 1)) throw new Error('--catalog needs a whole number of products, e.g. --catalog 1000000');
  if (!(Number.isInteger(opts.requests) && opts.requests >= 1)) throw new Error('--requests needs a whole number of 1 or more');
  const admin = new Client({ connectionString: base });
  await admin.connect();
  if (!opts.database) await admin.query(`create database ${name}`);
  const logger = createLogger('bench', 'warn');
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  const bus = new InProcessBus(logger);
  let runtime: Awaited<ReturnType<typeof createRuntime>> | undefined;
  let stopService: (() => Promise<void>) | undefined;
  try {
    runtime = await createRuntime(
      'catalog',
      { NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl(base, name), DATA_DIR: join(tmpdir(), `shop-bench-${name}`) },
      { publicKey, shared: { logger, bus, authz: new MemoryAuthzState(), rateLimitStore: new MemoryRateLimitStore() } },
    );
    const service = await createCatalogService(runtime, { demoCatalog: false });
    stopService = () => service.stop();
    const db = service.deps.db;

    let seeding = '';
    if (!opts.database) {
      process.stderr.write(`Generating ${opts.products.toLocaleString('en-IN')} products into ${name}…\n`);
      const started = Date.now();
      const cpuBefore = process.cpuUsage();
      await generateCatalog(db, { products: opts.products });
      const seconds = (Date.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      seeding = `seed:catalog of ${opts.products.toLocaleString('en-IN')} products: ${seconds.toFixed(1)} s (target ≤ 300 s; ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of it CPU in this process)`;
    }
    const [{ n }] = (await db.execute(sql`select count(*)::int as n from catalog.products`)).rows as Array<{ n: number }>;

    const server = await listen(service.app, 0);
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // A product well inside the table (not the first written) for the detail page.
    const [pick] = (await db.execute(sql`select id from catalog.products order by id offset 1000 limit 1`)).rows as Array<{ id: string }>;
    const productId = pick!.id;
    const allScenarios: Array<{ scenario: string; path: string; body?: unknown; target: number; before?: () => void }> = [
      { scenario: 'listing page 1', path: '/api/v1/products?page=1', target: 30 },
      { scenario: 'listing page 1,000', path: '/api/v1/products?page=1000', target: 30 },
      { scenario: 'category with filters', path: '/api/v1/products?category=women&price=500-1000&inStock=true&discount=true&page=1', target: 30 },
      { scenario: 'category with filters, page 100', path: '/api/v1/products?category=women&price=500-1000&inStock=true&discount=true&page=100', target: 30 },
      { scenario: 'tag page (popular)', path: '/api/v1/productsByTag?tag=popular&page=1', target: 30 },
      { scenario: 'tag page (50% off), page 50', path: '/api/v1/productsByTag?tag=50percentOff&page=50', target: 30 },
      { scenario: "typo search 'lether walet'", path: '/api/v1/search?q=lether%20walet', target: 50 },
      { scenario: "typo search 'formal shrt'", path: '/api/v1/search?q=formal%20shrt', target: 50 },
      { scenario: "search 'men' (one broad word)", path: '/api/v1/search?q=men', target: 50 },
      // Not one of issue 14's scenarios: the deepest page a broad search offers (decision 0040), held to the search target.
      { scenario: "search 'men', page 84 (the last)", path: '/api/v1/search?q=men&page=84', target: 50 },
      // The same page as a shopper's first request of it: the search's kept candidates (decision 0058) forgotten before each.
      { scenario: "search 'men', page 84, nothing kept", path: '/api/v1/search?q=men&page=84', target: 50, before: () => forgetSearchCandidates(db) },
      { scenario: "search 'formal shrt', page 84", path: '/api/v1/search?q=formal%20shrt&page=84', target: 50 },
      // Issue 23's search additions at scale: facets of a broad search, suggestions as one types (decisions 0059, 0060).
      { scenario: "search 'men' with facets", path: '/api/v1/search?q=men&facets=true', target: 50 },
      { scenario: "search 'formal shrt' with facets", path: '/api/v1/search?q=formal%20shrt&facets=true', target: 50 },
      { scenario: "suggestions 'sh'", path: '/api/v1/search/suggest?q=sh', target: 50 },
      { scenario: "suggestions 'leather wal'", path: '/api/v1/search/suggest?q=leather%20wal', target: 50 },
      { scenario: 'product detail (REST)', path: `/api/v1/product/${productId}`, target: 10 },
      {
        scenario: 'product detail with related (GraphQL)',
        path: '/graphql',
        body: { query: 'query($id: ID!) { product(id: $id) { id name price related { id name price thumbnail } } }', variables: { id: productId } },
        target: 10,
      },
    ];
    const scenarios = opts.only?.length ? allScenarios.filter((s) => opts.only!.some((part) => s.scenario.includes(part))) : allScenarios;
    const rows: Timing[] = [];
    for (const s of scenarios) {
      const t = await time(url, s, opts.requests);
      const answer = s.body
        ? `${t.body.data.product.related.length} related`
        : t.body.categories !== undefined && t.body.productCount === undefined
          ? `${t.body.products.length} products, ${t.body.categories.length} categories`
          : t.body.productCount !== undefined ? `${t.body.productCount.toLocaleString('en-IN')}${t.body.productCountCapped ? '+' : ''} found` : t.body.product?.name ?? '';
      rows.push({ scenario: s.scenario, path: s.path, 'median ms': t.median, 'p90 ms': t.p90, 'max ms': t.max, target: `≤ ${s.target}`, ok: t.median <= s.target, answer });
    }
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    console.log(`\nCatalog at scale: ${n.toLocaleString('en-IN')} products in ${name}, ${opts.requests} sequential requests per scenario (after 3 untimed), at the catalog service\n`);
    if (seeding) console.log(seeding + '\n');
    console.table(rows.map(({ path: _path, ...row }) => row));
  } finally {
    await stopService?.().catch(() => undefined);
    if (runtime) await closeRuntime(runtime).catch(() => undefined);
    await bus.close().catch(() => undefined);
    if (!opts.database) await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin.end();
  }
}
