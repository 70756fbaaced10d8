import { sql, type SQL } from 'drizzle-orm';
import { ALL_SIZES, COLOR_PALETTE, PRICE_BAND_LIMITS, RATING_STEPS, SEARCH_COUNT_CAP, type FacetValue, type PriceBand, type SearchFacets } from '@shop/proto-contracts';
import type { Tx } from '@shop/platform';
import { products } from '../db/schema';
import type { Category } from './category.directory';

/** The price bands a facet offers, with their labels (the listing filter's bands). */
const BANDS: Array<{ band: Exclude<PriceBand, 'all'>; label: string }> = [
  { band: 'under500', label: 'Under ₹500' },
  { band: '500-1000', label: '₹500 – ₹1,000' },
  { band: 'above1000', label: 'Above ₹1,000' },
];

type FacetRow = {
  counted: number;
  in_stock: number;
  categories: Array<{ v: string; n: number }> | null;
  bands: Array<{ v: string; n: number }> | null;
  sizes: Array<{ v: string; n: number }> | null;
  colors: Array<{ v: string; n: number }> | null;
  ratings: Array<{ v: number; n: number }> | null;
};

/**
 * The facets of a search (decision 0059): what its matches under the filters asked for hold, counted
 * over at most SEARCH_COUNT_CAP of them (the first found; `capped` when there were more). One
 * statement over that bounded set. Categories staff hid are left out; values in the order a shopper
 * reads them (categories and colours by count, sizes in their sets' order, bands and ratings in theirs).
 */
export async function searchFacetsOf(tx: Tx, where: SQL | undefined, categories: readonly Category[]): Promise<SearchFacets> {
  const under500 = PRICE_BAND_LIMITS.under500.max!;
  const upTo1000 = PRICE_BAND_LIMITS['500-1000'].max!;
  const steps = sql.join(RATING_STEPS.map((r) => sql`(${r}::int)`), sql`, `);
  const result = await tx.execute<FacetRow>(sql`
    with m as (
      select ${products.categoryId} as category_id, ${products.price} as price, ${products.sizes} as sizes,
        ${products.colors} as colors, ${products.rating} as rating, ${products}.in_stock as in_stock
      from ${products} where ${where ?? sql`true`} limit ${SEARCH_COUNT_CAP + 1}
    )
    select
      (select count(*) from m)::int as counted,
      (select count(*) from m where in_stock)::int as in_stock,
      (select json_agg(json_build_object('v', category_id, 'n', n)) from (select category_id, count(*)::int as n from m group by 1) c) as categories,
      (select json_agg(json_build_object('v', b, 'n', n)) from (
        select case when price <= ${under500} then 'under500' when price <= ${upTo1000} then '500-1000' else 'above1000' end as b, count(*)::int as n from m group by 1) b) as bands,
      (select json_agg(json_build_object('v', s, 'n', n)) from (select s, count(*)::int as n from m, jsonb_array_elements_text(m.sizes) s group by 1) s) as sizes,
      (select json_agg(json_build_object('v', c, 'n', n)) from (select c, count(*)::int as n from m, jsonb_array_elements_text(m.colors) c group by 1) c) as colors,
      (select json_agg(json_build_object('v', r, 'n', n)) from (select r, (select count(*) from m where m.rating >= r)::int as n from (values ${steps}) as steps(r)) r) as ratings`);
  const row = (Array.isArray(result) ? result[0] : (result as { rows: FacetRow[] }).rows[0]) as FacetRow;
  const counted = Math.min(row.counted, SEARCH_COUNT_CAP);
  const byCount = (a: FacetValue, b: FacetValue) => b.count - a.count || a.label.localeCompare(b.label);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const bandCounts = new Map((row.bands ?? []).map((b) => [b.v, b.n]));
  const sizeCounts = new Map((row.sizes ?? []).map((s) => [s.v, s.n]));
  const colorCounts = new Map((row.colors ?? []).map((c) => [c.v, c.n]));
  return {
    counted,
    capped: row.counted > SEARCH_COUNT_CAP,
    categories: (row.categories ?? [])
      .flatMap((c) => {
        const category = byId.get(c.v);
        return category && !category.hidden ? [{ value: category.str, label: category.name, count: c.n }] : [];
      })
      .sort(byCount),
    priceBands: BANDS.filter((b) => bandCounts.has(b.band)).map((b) => ({ value: b.band, label: b.label, count: bandCounts.get(b.band)! })),
    sizes: ALL_SIZES.filter((s) => sizeCounts.has(s)).map((s) => ({ value: s, label: s === 'free' ? 'Free size' : s, count: sizeCounts.get(s)! })),
    colors: COLOR_PALETTE.filter((c) => colorCounts.has(c.name))
      .map((c) => ({ value: c.name, label: c.name, count: colorCounts.get(c.name)! }))
      .sort(byCount),
    ratings: (row.ratings ?? [])
      .filter((r) => r.n > 0)
      .sort((a, b) => b.v - a.v)
      .map((r) => ({ value: String(r.v), label: `${r.v}★ & above`, count: r.n })),
    inStock: Math.min(row.in_stock, counted),
  };
}
