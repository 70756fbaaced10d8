import type { CatalogDeps } from './catalog-deps';
import type { Category } from './category.directory';
import { facetCount } from './product-facets';
import { productCountsByCategory } from './product-listing.service';

export interface CategoryWithCount extends Category {
  productCount: number;
}

/**
 * The top-level categories in index order, each with how many products it holds. Shoppers get
 * neither hidden categories nor hidden subcategories; staff (`includeHidden`) get everything.
 */
export async function listCategoriesWithCounts(deps: CatalogDeps, opts: { includeHidden?: boolean } = {}): Promise<CategoryWithCount[]> {
  const [list, counts] = await Promise.all([deps.categories.all(), productCountsByCategory(deps)]);
  return list
    .filter((c) => opts.includeHidden || !c.hidden)
    .map((c) => ({
      ...c,
      subcategories: opts.includeHidden ? c.subcategories : c.subcategories.filter((s) => !s.hidden),
      sizeOptions: [...c.sizeOptions],
      productCount: counts.get(c.id) ?? 0,
    }));
}

/** How many products one category holds. */
export async function productCountOf(deps: CatalogDeps, categoryId: string): Promise<number> {
  return facetCount(deps, { categoryId });
}
