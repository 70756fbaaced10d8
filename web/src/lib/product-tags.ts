/** Listing tags (spec section 3), in the order of their API index. */
export const PRODUCT_TAGS = [
  { key: 'popular', label: 'Popular' },
  { key: 'trending', label: 'Trending Now' },
  { key: 'bestDeals', label: 'Best Deals' },
  { key: '30percentOff', label: '30% Off' },
  { key: '40percentOff', label: '40% Off' },
  { key: '50percentOff', label: '50% Off' },
] as const;

export type ProductTagKey = (typeof PRODUCT_TAGS)[number]['key'];

export const DEFAULT_TAG: ProductTagKey = 'popular';

export function tagLabel(key: string | undefined): string {
  return PRODUCT_TAGS.find((tag) => tag.key === (key ?? DEFAULT_TAG))?.label ?? 'Products';
}

/** The tag a /products/tag/{tag} segment names: a key or its API index (0–5); popular by default. */
export function resolveTag(segment: string | undefined): (typeof PRODUCT_TAGS)[number] | undefined {
  const wanted = segment ?? DEFAULT_TAG;
  if (/^\d+$/.test(wanted)) return PRODUCT_TAGS[Number(wanted)];
  return PRODUCT_TAGS.find((tag) => tag.key.toLowerCase() === wanted.toLowerCase());
}
