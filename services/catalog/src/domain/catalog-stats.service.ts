import type { CatalogDeps } from './catalog-deps';
import { productCountsByCategory } from './product-listing.service';

export interface CategoryCount {
  /** The category's slug (the `str` of Category). */
  key: string;
  name: string;
  count: number;
}

export interface CatalogStats {
  totalProducts: number;
  /** Every top-level category in index order, empty ones included. */
  byCategory: CategoryCount[];
}

/**
 * Product figures for the staff dashboard, from one grouped count. The total is the sum of all
 * groups, so a product whose category is no longer listed still counts.
 */
export async function catalogStats(deps: CatalogDeps): Promise<CatalogStats> {
  const [list, counts] = await Promise.all([deps.categories.all(), productCountsByCategory(deps)]);
  let totalProducts = 0;
  for (const n of counts.values()) totalProducts += n;
  return {
    totalProducts,
    byCategory: list.map((c) => ({ key: c.str, name: c.name, count: counts.get(c.id) ?? 0 })),
  };
}
