/**
 * Fills the catalog with many generated products for scale work (search, listings, benchmarks):
 *
 *   npm run seed:catalog -- --products 100000 [--batch 1000] [--seed 7]
 *
 * Against DATABASE_URL (the catalog's PostgreSQL), or else the embedded shop's PGlite under
 * DATA_DIR/pglite (./data/pglite), which only one process may open: stop the shop first. Products
 * are inserted in batches, each in its own transaction; they get no pictures of their own but show
 * their category's tile. No ProductChanged events are written for them (other services read
 * products from the catalog when they need them).
 */
import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { normalizeTags, rupeesToPaise, type TagKey } from '@shop/proto-contracts';
import { createLogger, openPglite, pgliteDatabase, postgresDatabase, runMigrations, type Database, type Db } from '@shop/platform';
import { products, type NewProductRow } from '../db/schema';
import { CategoryDirectory, seedCategories, type Category } from '../domain/category.directory';
import { searchTextOf } from '../domain/product.model';
import { DEMO_BADGES, DEMO_CATEGORIES } from './demo-catalog.data';
import { DISCOUNTS, sizesFor, stockFor } from './demo-catalog.seed';
import { Prng } from './prng';

const ADJECTIVES = ['Premium', 'Classic', 'Everyday', 'Deluxe', 'Eco', 'Royal', 'Handcrafted', 'Essential', 'Smart', 'Festive', 'Urban', 'Heritage', 'Pro', 'Lite', 'Comfort'];

export interface GenerateOptions {
  products: number;
  batchSize?: number;
  seed?: number;
  onProgress?: (done: number, total: number) => void;
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

/**
 * Inserts `products` generated products, `batchSize` per transaction, spread over every category.
 * Resolves with how many were inserted.
 */
export async function generateCatalog(db: Db, opts: GenerateOptions): Promise<number> {
  const batchSize = Math.max(1, Math.min(opts.batchSize ?? 1000, 2000));
  const prng = new Prng(opts.seed ?? 7);
  const runId = Date.now().toString(36);
  const categories = await new CategoryDirectory(db).all();
  let done = 0;
  while (done < opts.products) {
    const size = Math.min(batchSize, opts.products - done);
    const rows = Array.from({ length: size }, (_, i) => generatedProduct(prng, categories[(done + i) % categories.length], runId, done + i + 1));
    await db.transaction(async (tx) => {
      await tx.insert(products).values(rows);
    });
    done += size;
    opts.onProgress?.(done, opts.products);
  }
  return done;
}

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
  return { products: value('products', 1000), batch: value('batch', 1000), seed: value('seed', 7) };
}

async function main() {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\nUsage: npm run seed:catalog -- --products 100000 [--batch 1000] [--seed 7]\n`);
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
    const inserted = await generateCatalog(database.db, { products: args.products, batchSize: args.batch, seed: args.seed, onProgress: progressBar(Date.now()) });
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
