import { TAG_KEYS, TAG_LABELS, type TagKey } from '@shop/proto-contracts/web';

/** Listing tags, in the order of their API index (the catalog's TAG_KEYS and TAG_LABELS). */
export const PRODUCT_TAGS = TAG_KEYS.map((key) => ({ key, label: TAG_LABELS[key] }));

export type ProductTagKey = TagKey;

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
