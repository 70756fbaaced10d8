/**
 * The listing tags, in their own small module: the first page names them, and needs nothing else
 * of the catalog's definitions (catalog-rules.ts re-exports them).
 */

/** Listing tags, in the order of their API index (popular 0 … 50percentOff 5). */
export const TAG_KEYS = ['popular', 'trending', 'bestDeals', '30percentOff', '40percentOff', '50percentOff'] as const;
export type TagKey = (typeof TAG_KEYS)[number];

export const TAG_LABELS: Record<TagKey, string> = {
  popular: 'Popular',
  trending: 'Trending Now',
  bestDeals: 'Best Deals',
  '30percentOff': '30% Off',
  '40percentOff': '40% Off',
  '50percentOff': '50% Off',
};

/**
 * The percent-off tags and the discount each promises. A product carries such a tag exactly when
 * its discount reaches the threshold (the service keeps them in step), so a "50% Off" page never
 * lists a product that is not 50% off.
 */
export const PERCENT_OFF_TAGS: ReadonlyArray<{ tag: TagKey; minDiscount: number }> = [
  { tag: '30percentOff', minDiscount: 30 },
  { tag: '40percentOff', minDiscount: 40 },
  { tag: '50percentOff', minDiscount: 50 },
];

/** A tag given as its key or its index (number or digits); undefined when it names none. */
export function resolveTagKey(value: unknown): TagKey | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? TAG_KEYS[value] : undefined;
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return TAG_KEYS[Number(v)];
  return TAG_KEYS.find((k) => k.toLowerCase() === v.toLowerCase());
}

/** The tags of a product with the percent-off tags set from its discount; in index order, no repeats. */
export function normalizeTags(tags: readonly TagKey[], discount: number): TagKey[] {
  const wanted = new Set<TagKey>(tags);
  for (const { tag, minDiscount } of PERCENT_OFF_TAGS) {
    if (discount >= minDiscount) wanted.add(tag);
    else wanted.delete(tag);
  }
  return TAG_KEYS.filter((k) => wanted.has(k));
}
