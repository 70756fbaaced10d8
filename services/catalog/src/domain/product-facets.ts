import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PriceBand } from '@shop/proto-contracts';
import type { Db } from '@shop/platform';
import { productFacets } from '../db/schema';
import type { CatalogDeps } from './catalog-deps';

/**
 * A listing's filters as the facet table keys them (every field but `tag` optional: not given
 * means any). The same filters as the listing's WHERE (filtersOf in product-listing.service).
 */
export interface FacetFilter {
  tag?: string;
  categoryId?: string;
  subcat?: string;
  priceBand?: number;
  discounted?: true;
  inStock?: true;
}

/** catalog.price_band's number for a price band of the listing filter (undefined: any price). */
export const PRICE_BAND_NUMBERS: Record<PriceBand, number | undefined> = { all: undefined, under500: 0, '500-1000': 1, above1000: 2 };

/** Past this many rows read for one count, the rows are folded (in the background). */
export const COMPACT_AFTER_ROWS = 2_000;

const compacting = new WeakSet<Db>();

/** Folds the facet rows into one per combination: once the products table's writes have piled up deltas. */
export async function compactProductFacets(db: Db): Promise<void> {
  await db.execute(sql`select catalog.compact_product_facets()`);
}

/** Starts a compaction unless one is running. */
export function compactInBackground(deps: CatalogDeps) {
  if (compacting.has(deps.db)) return;
  compacting.add(deps.db);
  compactProductFacets(deps.db)
    .catch((err) => deps.logger.warn({ err: String(err) }, 'product facet compaction failed'))
    .finally(() => compacting.delete(deps.db));
}

function whereOf(f: FacetFilter): SQL | undefined {
  const where: SQL[] = [eq(productFacets.tag, f.tag ?? '')];
  if (f.categoryId !== undefined) where.push(eq(productFacets.categoryId, f.categoryId));
  if (f.subcat !== undefined) where.push(eq(productFacets.subcat, f.subcat));
  if (f.priceBand !== undefined) where.push(eq(productFacets.priceBand, f.priceBand));
  if (f.discounted) where.push(eq(productFacets.discounted, true));
  if (f.inStock) where.push(eq(productFacets.inStock, true));
  return and(...where);
}

/** How many products match the filters: exact, from the facet table instead of counting products. */
export async function facetCount(deps: CatalogDeps, f: FacetFilter): Promise<number> {
  const [row] = await deps.db
    .select({ n: sql<number>`coalesce(sum(${productFacets.n}), 0)::int`, rows: sql<number>`count(*)::int` })
    .from(productFacets)
    .where(whereOf(f));
  if (row!.rows > COMPACT_AFTER_ROWS) compactInBackground(deps);
  return row!.n;
}

/** How many products each category holds, by category id (categories without products are left out). */
export async function facetCountsByCategory(deps: CatalogDeps): Promise<Map<string, number>> {
  const rows = await deps.db
    .select({ categoryId: productFacets.categoryId, n: sql<number>`sum(${productFacets.n})::int`, rows: sql<number>`count(*)::int` })
    .from(productFacets)
    .where(eq(productFacets.tag, ''))
    .groupBy(productFacets.categoryId);
  if (rows.reduce((sum, r) => sum + r.rows, 0) > COMPACT_AFTER_ROWS) compactInBackground(deps);
  return new Map(rows.filter((r) => r.n !== 0).map((r) => [r.categoryId, r.n]));
}
