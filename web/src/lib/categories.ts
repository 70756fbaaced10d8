/**
 * The 16 top-level categories (spec section 3, reading A) in their fixed order; listing routes
 * and the API address a category by this position index. Categories are data on the server
 * (staff can edit them); this list is the shop's default until the catalog query replaces it.
 */
export const CATEGORY_NAMES = [
  'Kids & Toys',
  'Home & Kitchen',
  'Beauty & Health',
  'Jewellery & Accessories',
  'Bags',
  'Footwear',
  'Watches',
  'Grocery',
  'Books',
  'Lingerie',
  'Men',
  'Women',
  'Stationary',
  'Sports',
  'Fitness',
  'Gifts & Gadget',
] as const;

export interface CategoryLink {
  index: number;
  name: string;
  href: string;
}

export const CATEGORIES: readonly CategoryLink[] = CATEGORY_NAMES.map((name, index) => ({
  index,
  name,
  href: `/products/${index}`,
}));

/** The category a /products/{category} segment names: an index, or a name/slug as a fallback. */
export function findCategory(segment: string | undefined): CategoryLink | undefined {
  if (!segment) return undefined;
  if (/^\d+$/.test(segment)) return CATEGORIES[Number(segment)];
  const wanted = segment.toLowerCase().replace(/[^a-z]/g, '');
  return CATEGORIES.find((category) => category.name.toLowerCase().replace(/[^a-z]/g, '') === wanted);
}
