import { sql } from 'drizzle-orm';
import type { CatalogDeps } from './catalog-deps';
import { thumbnailOf } from './product.model';

export interface LowStockProduct {
  id: string;
  code: string;
  name: string;
  /** Units over all sizes. */
  stock: number;
  thumbnail: string | null;
  /** The sizes at or under the threshold, fewest first (none for a product without sizes). */
  lowSizes: Array<{ size: string; stock: number }>;
}

export interface LowStockPage {
  threshold: number;
  products: LowStockProduct[];
  total: number;
  totalPages: number;
  currentPage: number;
}

/**
 * Staff: the products running out (decision 0057): a product without sizes with `threshold` units
 * or fewer, or a product with a size that has. Fewest units first. No index serves it on purpose: an
 * index on stock would end the heap-only updates of checkouts (decision 0038); it is a staff page.
 */
export async function listLowStock(deps: Pick<CatalogDeps, 'db' | 'lowStockThreshold'>, paging: { page: number; limit: number }): Promise<LowStockPage> {
  const t = deps.lowStockThreshold;
  const low = sql`(case when p.stock_detail = '{}'::jsonb then p.stock <= ${t}
      else exists (select 1 from jsonb_each(p.stock_detail) e where (e.value)::int <= ${t}) end)`;
  const counted = await deps.db.execute(sql`select count(*)::int as n from catalog.products p where ${low}`);
  const total = Number((counted.rows[0] as { n: number }).n);
  const rows = total
    ? ((
        await deps.db.execute(sql`select p.id, p.code, p.name, p.stock, p.images,
            coalesce((select jsonb_agg(jsonb_build_object('size', e.key, 'stock', (e.value)::int) order by (e.value)::int, e.key)
              from jsonb_each(p.stock_detail) e where (e.value)::int <= ${t}), '[]'::jsonb) as low_sizes,
            least(p.stock, coalesce((select min((e.value)::int) from jsonb_each(p.stock_detail) e), p.stock)) as fewest
          from catalog.products p where ${low}
          order by fewest, p.name, p.id
          limit ${paging.limit} offset ${(paging.page - 1) * paging.limit}`)
      ).rows as Array<{ id: string; code: string; name: string; stock: number; images: string[]; low_sizes: Array<{ size: string; stock: number }> }>)
    : [];
  return {
    threshold: t,
    products: rows.map((r) => ({ id: r.id, code: r.code, name: r.name, stock: Number(r.stock), thumbnail: thumbnailOf(r.images ?? []), lowSizes: r.low_sizes })),
    total,
    totalPages: Math.max(1, Math.ceil(total / paging.limit)),
    currentPage: paging.page,
  };
}
