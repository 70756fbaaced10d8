/**
 * Fills the catalog with many generated products for scale work (search, listings, benchmarks):
 *
 *   npm run seed:catalog -- --products 100000 [--batch 5000] [--seed 7]
 *
 * Against DATABASE_URL (the catalog's PostgreSQL), or else the embedded shop's PGlite under
 * DATA_DIR/pglite (./data/pglite), which only one process may open: stop the shop first. Products
 * are inserted in batches of one multi-row statement each (a big load builds the secondary indexes
 * once at the end, see generateCatalog); they get no pictures of their own but show
 * their category's tile. No ProductChanged events are written for them (other services read
 * products from the catalog when they need them).
 */
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { normalizeTags, rupeesToPaise, type TagKey } from '@shop/proto-contracts';
import { sql } from 'drizzle-orm';
import { createLogger, openPglite, pgliteDatabase, postgresDatabase, runMigrations, type Database, type Db, type Tx } from '@shop/platform';
import { products, type NewProductRow } from '../db/schema';
import { CategoryDirectory, seedCategories, type Category } from '../domain/category.directory';
import { compactProductFacets } from '../domain/product-facets';
import { searchTextOf } from '../domain/product.model';
import { DEMO_BADGES, DEMO_CATEGORIES } from './demo-catalog.data';
import { DISCOUNTS, sizesFor, stockFor } from './demo-catalog.seed';
import { Prng } from './prng';

const ADJECTIVES = ['Premium', 'Classic', 'Everyday', 'Deluxe', 'Eco', 'Royal', 'Handcrafted', 'Essential', 'Smart', 'Festive', 'Urban', 'Heritage', 'Pro', 'Lite', 'Comfort'];

export interface GenerateOptions {
  products: number;
  batchSize?: number;
  seed?: number;
  /** Loads of at least this many products rebuild the secondary indexes once at the end (default 50,000). */
  rebuildIndexesFrom?: number;
  onProgress?: (done: number, total: number) => void;
  /** Called before the dropped indexes are built again, with how many. */
  onIndexes?: (count: number) => void;
}

/** A price near the item's, ending in 9 like shop prices do (₹49 – ₹9,999). */
function priceNear(prng: Prng, rupees: number): number {
  const scaled = rupees * (0.7 + prng.next() * 0.7);
  const ending = scaled < 200 ? Math.round(scaled / 10) * 10 - 1 : Math.round(scaled / 50) * 50 - 1;
  return Math.min(9_999, Math.max(49, ending));
}

/** One generated product of a category. */
function generatedProduct(prng: Prng, category: Category, runId: string, n: number): NewProductRow & { id: string } {
  const demo = DEMO_CATEGORIES.find((d) => d.slug === category.str);
  const item = demo ? prng.pick(demo.items) : { name: `${category.name} Item`, subcat: category.subcategories[0]?.str ?? '', price: 499, sized: false };
  const name = `${prng.pick(ADJECTIVES)} ${item.name} ${prng.int(100, 9999)}`;
  const code = `GEN-${runId}-${n}`;
  const discount = prng.pick(DISCOUNTS);
  const sizes = item.sized && category.ssize ? sizesFor(prng, category) : [];
  const { stock, stockDetail } = stockFor(prng, sizes);
  const colors = category.colors && demo?.colors.length ? prng.sample(demo.colors, prng.int(1, 2)) : [];
  const raw: TagKey[] = [];
  if (prng.chance(0.05)) raw.push('popular');
  if (prng.chance(0.05)) raw.push('trending');
  if (discount >= 20 && prng.chance(0.1)) raw.push('bestDeals');
  const tags = normalizeTags(raw, discount);
  const subcat = category.subcategories.find((s) => s.str === item.subcat)?.str ?? category.subcategories[0]?.str ?? null;
  const at = new Date(Date.now() - prng.int(0, 365 * 86_400) * 1000);
  return {
    id: randomUUID(),
    code,
    name,
    price: rupeesToPaise(priceNear(prng, item.price)),
    discount,
    description: `${name}. ${demo?.blurb ?? ''} Free returns within 30 days.`.replace(/\s+/g, ' '),
    images: category.image ? [category.image] : [],
    categoryId: category.id,
    subcat,
    sizes,
    colors,
    stock,
    stockDetail,
    badge: prng.chance(0.05) ? prng.pick(DEMO_BADGES) : null,
    tags,
    searchText: searchTextOf({ name, code, category, subcat, colors, tags }),
    createdAt: at,
    updatedAt: at,
  };
}

/** The columns a generated row fills, as jsonb_to_recordset reads them (the rest keep their defaults). */
const RECORD_COLUMNS = `id uuid, code text, name text, price integer, discount integer, description text, images jsonb,
  category_id text, subcat text, sizes jsonb, colors jsonb, stock integer, stock_detail jsonb, badge text, tags text[],
  search_text text, created_at timestamptz, updated_at timestamptz`;
const INSERT_COLUMNS = RECORD_COLUMNS.replace(/ [a-z[\]]+(,|$)/g, '$1');

/** One batch as a single multi-row insert: the rows travel as one JSON parameter (the same on PostgreSQL and PGlite). */
async function insertBatch(db: Db | Tx, rows: Array<NewProductRow & { id: string }>) {
  const records = rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    price: r.price,
    discount: r.discount,
    description: r.description,
    images: r.images,
    category_id: r.categoryId,
    subcat: r.subcat,
    sizes: r.sizes,
    colors: r.colors,
    stock: r.stock,
    stock_detail: r.stockDetail,
    badge: r.badge,
    tags: r.tags,
    search_text: r.searchText,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  }));
  await db.execute(sql`insert into catalog.products (${sql.raw(INSERT_COLUMNS)})
    select ${sql.raw(INSERT_COLUMNS)} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${sql.raw(RECORD_COLUMNS)})`);
}

/**
 * The products table's secondary indexes (neither the primary key nor a unique one): a big load
 * drops them and builds them again once at the end, which is several times faster than keeping
 * each up to date row by row.
 */
async function secondaryIndexes(db: Db): Promise<Array<{ name: string; definition: string }>> {
  const rows = await db.execute<{ name: string; definition: string }>(sql`select i.relname as name, pg_get_indexdef(i.oid) as definition
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = 'catalog' and t.relname = 'products' and not x.indisunique and not x.indisprimary`);
  return rowsOf(rows);
}

/** drizzle's execute answers rows directly (PGlite) or in `rows` (node-postgres). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Inserts `products` generated products, `batchSize` per statement, spread over every category.
 * A load of at least `rebuildIndexesFrom` products (default 50,000) drops the products table's
 * secondary indexes first and builds them again at the end (also when the load fails), then
 * refreshes the planner's statistics. Resolves with how many were inserted.
 */
export async function generateCatalog(db: Db, opts: GenerateOptions): Promise<number> {
  const batchSize = Math.max(1, Math.min(opts.batchSize ?? 5000, 10_000));
  const prng = new Prng(opts.seed ?? 7);
  const runId = Date.now().toString(36);
  const categories = await new CategoryDirectory(db).all();
  const rebuild = opts.products >= (opts.rebuildIndexesFrom ?? 50_000) ? await secondaryIndexes(db) : [];
  for (const index of rebuild) await db.execute(sql.raw(`drop index if exists catalog.${quoteIdent(index.name)}`));
  let planned = 0;
  let done = 0;
  // Up to two batches in flight (one per pooled connection): the next batch is generated while
  // the database stores the previous ones. Batches are reported in the order they were planned.
  const inFlight: Array<Promise<number>> = [];
  const settle = async () => {
    done += await inFlight.shift()!;
    opts.onProgress?.(done, opts.products);
  };
  try {
    while (planned < opts.products) {
      const size = Math.min(batchSize, opts.products - planned);
      const first = planned;
      const rows = Array.from({ length: size }, (_, i) => generatedProduct(prng, categories[(first + i) % categories.length], runId, first + i + 1));
      planned += size;
      const insert = insertBatch(db, rows).then(() => size);
      insert.catch(() => undefined); // awaited in turn below; a failure is not left unhandled meanwhile
      inFlight.push(insert);
      if (inFlight.length >= 2) await settle();
    }
    while (inFlight.length) await settle();
  } finally {
    await Promise.allSettled(inFlight);
    if (rebuild.length) {
      opts.onIndexes?.(rebuild.length);
      // Two at a time (the pool's two connections), each in a transaction of its own.
      const queue = [...rebuild];
      const worker = async () => {
        for (let index = queue.shift(); index; index = queue.shift()) {
          const definition = index.definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS ');
          await db.transaction(async (tx) => {
            await tx.execute(sql.raw(`set local maintenance_work_mem = '128MB'`));
            await tx.execute(sql.raw(definition));
          });
        }
      };
      await Promise.all([worker(), worker()]);
    }
  }
  await compactProductFacets(db);
  // Fresh statistics for the planner, and the visibility map that lets deep pages read indexes alone.
  await db.execute(sql`vacuum (analyze) catalog.products`);
  return done;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A one-line progress bar on stderr (redrawn in place on a terminal, every 10 % otherwise). */
function progressBar(started: number) {
  const tty = process.stderr.isTTY;
  let lastDecile = -1;
  return (done: number, total: number) => {
    const ratio = done / total;
    const seconds = (Date.now() - started) / 1000;
    const rate = done / Math.max(seconds, 0.001);
    const eta = Math.max(0, (total - done) / Math.max(rate, 1));
    const width = 30;
    const filled = Math.round(ratio * width);
    const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}%  ${done.toLocaleString('en-IN')}/${total.toLocaleString('en-IN')}  ${Math.round(rate).toLocaleString('en-IN')}/s  ETA ${eta.toFixed(0)} s`;
    if (tty) process.stderr.write(`\r${line}${done === total ? '\n' : ''}`);
    else if (Math.floor(ratio * 10) > lastDecile) {
      lastDecile = Math.floor(ratio * 10);
      process.stderr.write(`${line}\n`);
    }
  };
}

function parseArgs(argv: string[]): { products: number; batch: number; seed: number } {
  const value = (name: string, fallback: number) => {
    const i = argv.indexOf(`--${name}`);
    if (i === -1) return fallback;
    const n = Number(argv[i + 1]);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} needs a whole number of 1 or more`);
    return n;
  };
  return { products: value('products', 1000), batch: value('batch', 5000), seed: value('seed', 7) };
}

async function main() {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\nUsage: npm run seed:catalog -- --products 100000 [--batch 5000] [--seed 7]\n`);
    process.exit(2);
  }
  const logger = createLogger('seed', process.env.LOG_LEVEL ?? 'warn');
  let database: Database;
  if (process.env.DATABASE_URL) {
    database = postgresDatabase(process.env.DATABASE_URL, { max: 2 });
    process.stderr.write(`Generating ${args.products.toLocaleString('en-IN')} products into ${new URL(process.env.DATABASE_URL).pathname.slice(1) || 'the database'} (schema catalog)\n`);
  } else {
    const dir = resolve(process.env.DATA_DIR ?? './data', 'pglite');
    process.stderr.write(`No DATABASE_URL: using the embedded shop's PGlite in ${dir}.\nThe shop must be stopped while this runs (only one process can open it).\n`);
    database = pgliteDatabase(await openPglite(dir), { ownsClient: true });
  }
  const started = Date.now();
  try {
    await runMigrations(database, 'catalog', join(__dirname, '../db/migrations'));
    await seedCategories(database.db);
    const inserted = await generateCatalog(database.db, { products: args.products, batchSize: args.batch,
      seed: args.seed,
      onProgress: progressBar(Date.now()),
      onIndexes: (n) => process.stderr.write(`Building ${n} indexes again…\n`),
    });
    const seconds = (Date.now() - started) / 1000;
    process.stderr.write(`Inserted ${inserted.toLocaleString('en-IN')} products in ${seconds.toFixed(1)} s (${Math.round(inserted / seconds).toLocaleString('en-IN')} products/s).\n`);
  } catch (err) {
    logger.error({ err }, 'catalog generation failed');
    process.stderr.write(`\nFailed: ${(err as Error).message}\n`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (require.main === module) void main();
