import { sql } from 'drizzle-orm';
import { normalizeTags, rupeesToPaise, type TagKey } from '@shop/proto-contracts';
import { enqueueEvent, type Tx } from '@shop/platform';
import { pendingImages, products, reviews, type NewProductRow } from '../db/schema';
import type { CatalogDeps } from '../domain/catalog-deps';
import { findSubcategory, type Category } from '../domain/category.directory';
import { productColumns } from '../domain/product-listing.service';
import { productChangedEvent } from '../domain/product.events';
import { searchTextOf } from '../domain/product.model';
import { DEMO_BADGES, DEMO_CATEGORIES, DEMO_COMMENTS, DEMO_REVIEWERS, type DemoCategory, type DemoItem } from './demo-catalog.data';
import { DEMO_HSN } from './demo-hsn';
import { Prng } from './prng';

export const DEMO_SEED = 20_250_101;

/** Discounts the demo draws from (0–60 %), weighted towards small ones. */
export const DISCOUNTS = [0, 0, 0, 5, 10, 10, 15, 20, 20, 25, 30, 35, 40, 45, 50, 55, 60];
const RATINGS = [5, 5, 5, 4, 4, 4, 4, 3, 3, 2, 1];

export interface DemoReview {
  productId: string;
  userId: string;
  userName: string;
  rating: number;
  comment: string;
  createdAt: Date;
}

export interface DemoPlan {
  products: Array<NewProductRow & { id: string }>;
  reviews: DemoReview[];
  /** Ids of the products that get artwork (all but the few meant to show 'No images available'). */
  withImages: string[];
}

/** Deterministic v4-shaped UUID from the PRNG (the same plan on every machine). */
function uuidFrom(prng: Prng): string {
  const hex = Array.from({ length: 32 }, () => prng.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = ((prng.int(0, 15) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * A run of consecutive sizes of the category's set, where shoppers actually buy: shoes from
 * UK 5–8 upwards, letters from S or M, kids' ages anywhere.
 */
export function sizesFor(prng: Prng, category: Category): string[] {
  const options = category.sizeOptions;
  if (options.length <= 1) return [...options];
  const [firstStart, lastStart, minCount, maxCount] =
    category.sizeSet === 'shoe' ? [1, 4, 4, 6] : category.sizeSet === 'letters' ? [0, 1, 3, 5] : [0, options.length - 3, 3, 4];
  const start = prng.int(firstStart, lastStart);
  const count = prng.int(minCount, Math.min(maxCount, options.length - start));
  return options.slice(start, start + count);
}

/** Stock per size: mostly in stock, some sizes sold out, now and then the whole product. */
export function stockFor(prng: Prng, sizes: string[]): { stock: number; stockDetail: Record<string, number> } {
  const soldOut = prng.chance(0.08);
  if (sizes.length === 0) {
    const stock = soldOut ? 0 : prng.chance(0.2) ? prng.int(1, 8) : prng.int(10, 150);
    return { stock, stockDetail: {} };
  }
  const stockDetail = Object.fromEntries(sizes.map((s) => [s, soldOut || prng.chance(0.2) ? 0 : prng.int(1, 30)]));
  return { stock: Object.values(stockDetail).reduce((a, b) => a + b, 0), stockDetail };
}

function descriptionOf(item: DemoItem, demo: DemoCategory, category: Category, sizes: string[]): string {
  const sub = findSubcategory(category, item.subcat)?.name ?? category.name;
  const parts = [`${item.name} from our ${sub} collection.`, demo.blurb];
  if (sizes.length > 1) parts.push(`Available in sizes ${sizes[0]} to ${sizes[sizes.length - 1]}.`);
  parts.push('Free returns within 30 days.');
  return parts.join(' ');
}

/**
 * The demo catalog as rows: 13 products in each of the 16 categories (208), with realistic prices,
 * discounts, sizes, colours, per-size stock, tags, badges and a few reviews. Pure: the same
 * categories and clock give the same plan.
 */
export function planDemoCatalog(categories: Category[], now: Date, seed = DEMO_SEED): DemoPlan {
  const prng = new Prng(seed);
  const plan: DemoPlan = { products: [], reviews: [], withImages: [] };
  let n = 0;
  for (const demo of DEMO_CATEGORIES) {
    const category = categories.find((c) => c.str === demo.slug);
    if (!category) continue;
    demo.items.forEach((item, i) => {
      n += 1;
      const id = uuidFrom(prng);
      const discount = prng.pick(DISCOUNTS);
      const sizes = item.sized && category.ssize ? sizesFor(prng, category) : [];
      const { stock, stockDetail } = stockFor(prng, sizes);
      const colors = category.colors && demo.colors.length ? prng.sample(demo.colors, prng.int(1, 3)) : [];
      const tags: TagKey[] = [];
      if (prng.chance(0.25)) tags.push('popular');
      if (prng.chance(0.22)) tags.push('trending');
      if (discount >= 20 && prng.chance(0.6)) tags.push('bestDeals');
      const normalized = normalizeTags(tags, discount);
      const badge = normalized.includes('popular') && prng.chance(0.5) ? 'Bestseller' : prng.chance(0.2) ? prng.pick(DEMO_BADGES) : null;
      const subcat = findSubcategory(category, item.subcat)?.str ?? null;
      const code = `${demo.codePrefix}-${String(i + 1).padStart(3, '0')}`;
      // Spread over the last ~60 days, newest last in the list.
      const createdAt = new Date(now.getTime() - (208 - n) * 7 * 3600_000 - prng.int(0, 3600) * 1000);
      plan.products.push({
        id,
        code,
        name: item.name,
        price: rupeesToPaise(item.price),
        discount,
        description: descriptionOf(item, demo, category, sizes),
        images: [],
        categoryId: category.id,
        subcat,
        sizes,
        colors,
        stock,
        stockDetail,
        badge,
        tags: normalized,
        hsnCode: DEMO_HSN[item.name] ?? null,
        searchText: searchTextOf({ name: item.name, code, category, subcat, colors, tags: normalized }),
        createdAt,
        updatedAt: createdAt,
      });
      if (!item.noImages) plan.withImages.push(id);
      if (prng.chance(0.45)) {
        for (const reviewer of prng.sample(DEMO_REVIEWERS, prng.int(1, 4))) {
          const rating = prng.pick(RATINGS);
          plan.reviews.push({
            productId: id,
            userId: reviewer.id,
            userName: reviewer.name,
            rating,
            comment: prng.pick(DEMO_COMMENTS[rating]),
            // A few hours to two days after the product, but never after the seeding itself: the
            // newest products' reviews would otherwise be dated in the future.
            createdAt: new Date(Math.min(createdAt.getTime() + prng.int(1, 20) * 86_400_000 / 10, now.getTime())),
          });
        }
      }
    });
  }
  return plan;
}

/**
 * Creates the demo catalog when there is no product yet (first start, either mode). Idempotent and
 * safe with several instances starting at once (an advisory lock, then the emptiness check).
 * Products, reviews, ProductChanged events and the list of artwork still to make commit together;
 * the artwork itself is made afterwards, in the background (demo-images.job.ts).
 */
export async function seedDemoCatalog(deps: CatalogDeps, opts: { seed?: number } = {}): Promise<{ products: number; reviews: number } | undefined> {
  const categories = await deps.categories.all();
  const plan = planDemoCatalog(categories, deps.clock(), opts.seed);
  const result = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalog:demo-seed'))`);
    const existing = await tx.execute(sql`select 1 from ${products} limit 1`);
    if (existing.rows.length > 0) return undefined;
    const inserted = await tx.insert(products).values(plan.products).returning(productColumns);
    if (plan.reviews.length) {
      await tx.insert(reviews).values(plan.reviews.map((r) => ({ ...r, id: reviewIdOf(r), updatedAt: r.createdAt })));
    }
    await recountAllReviews(tx);
    for (const row of inserted) await enqueueEvent(tx, deps.schema, productChangedEvent(row));
    await tx
      .insert(pendingImages)
      .values([
        ...categories.map((c) => ({ kind: 'category' as const, targetId: c.id })),
        ...plan.withImages.map((id) => ({ kind: 'product' as const, targetId: id })),
      ])
      .onConflictDoNothing();
    return { products: inserted.length, reviews: plan.reviews.length };
  });
  if (result) deps.publishEvents();
  return result;
}

/** A demo review's id: the product id with the reviewer's last 12 digits (one review per pair). */
function reviewIdOf(r: { productId: string; userId: string }): string {
  return `${r.productId.slice(0, 24)}${r.userId.slice(-12)}`;
}

/** Sets every product's rating and review count from its reviews. */
async function recountAllReviews(tx: Tx) {
  await tx.execute(sql`update ${products} set rating = agg.average, review_count = agg.n
    from (select product_id, round(avg(rating)::numeric, 1) as average, count(*)::int as n from ${reviews} group by product_id) agg
    where ${products.id} = agg.product_id`);
}
