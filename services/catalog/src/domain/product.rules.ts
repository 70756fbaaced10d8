import { catalogMessages, normalizeTags, type TagKey } from '@shop/proto-contracts';
import { badRequest } from '@shop/platform';
import { findSubcategory, type Category } from './category.directory';

/** A product's category-dependent fields as staff sent them (after the contract schema). */
export interface ProductDraft {
  category: Category;
  subcat?: string | null;
  discount: number;
  stock: number;
  tags: TagKey[];
  sizes: string[];
  colors: string[];
  colorImages: Record<string, string[]>;
  stockDetail: Record<string, number>;
}

export interface CheckedProductFields {
  subcat: string | null;
  sizes: string[];
  colors: string[];
  colorImages: Record<string, string[]>;
  stockDetail: Record<string, number>;
  stock: number;
  tags: TagKey[];
}

/**
 * Applies the rules that depend on the category (which is data): a subcategory of that category
 * when it has any; sizes from its size set (kept in the set's order); colours only when it offers
 * them; stock per selected size only, the total being their sum when there are sizes; percent-off
 * tags in step with the discount. Throws a 400 with the first broken rule.
 */
export function checkProductDraft(draft: ProductDraft): CheckedProductFields {
  const { category } = draft;
  let subcat: string | null = null;
  if (category.subcategories.length > 0) {
    if (!draft.subcat) throw badRequest(catalogMessages.subcatRequired);
    const found = findSubcategory(category, draft.subcat);
    if (!found) throw badRequest(catalogMessages.unknownSubcat);
    subcat = found.str;
  } else if (draft.subcat) {
    throw badRequest(catalogMessages.unknownSubcat);
  }

  const offered = category.sizeOptions;
  for (const size of draft.sizes) {
    if (!offered.includes(size)) {
      throw badRequest(offered.length ? `Size ${size} is not offered in ${category.name} (choose from ${offered.join(', ')})` : `${category.name} products have no sizes`);
    }
  }
  const sizes = offered.filter((s) => draft.sizes.includes(s));

  if (draft.colors.length > 0 && !category.colors) throw badRequest(catalogMessages.noColors);
  if (Object.keys(draft.colorImages).some((color) => !draft.colors.includes(color))) throw badRequest(catalogMessages.colorImagesNotOffered);

  for (const size of Object.keys(draft.stockDetail)) {
    if (!sizes.includes(size)) throw badRequest(`Stock is given for size ${size}, which is not selected`);
  }
  // Stored with an entry for every size (0 when none was given), in the sizes' order.
  const stockDetail = Object.fromEntries(sizes.map((size) => [size, draft.stockDetail[size] ?? 0]));
  const stock = sizes.length > 0 ? Object.values(stockDetail).reduce((sum, n) => sum + n, 0) : draft.stock;

  return { subcat, sizes, colors: draft.colors, colorImages: draft.colorImages, stockDetail, stock, tags: normalizeTags(draft.tags, draft.discount) };
}
