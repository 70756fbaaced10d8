import type { Readable } from 'node:stream';

/** The sizes every uploaded image is stored in: `card` for product lists, `detail` for the product page. */
export const MEDIA_VARIANTS = ['card', 'detail'] as const;
export type MediaVariant = (typeof MEDIA_VARIANTS)[number];

/** A media id is the first 128 bits of the SHA-256 of the uploaded bytes, in lower-case hex. */
const mediaIdPattern = /^[0-9a-f]{32}$/;

export function isMediaId(value: unknown): value is string {
  return typeof value === 'string' && mediaIdPattern.test(value);
}

export function isMediaVariant(value: unknown): value is MediaVariant {
  return typeof value === 'string' && (MEDIA_VARIANTS as readonly string[]).includes(value);
}

/** Guards a store against ids or variants that did not come through validation (path traversal). */
export function assertMediaKey(id: string, variant: string): asserts variant is MediaVariant {
  if (!isMediaId(id) || !isMediaVariant(variant)) throw new Error(`Invalid media key ${JSON.stringify(`${id}/${variant}`)}`);
}

export interface StoredMedia {
  stream: Readable;
  /** Size in bytes, for Content-Length. */
  size: number;
}

/**
 * Where encoded images live. Entries are immutable: an id always names the same bytes, so `put`
 * of an existing entry may be skipped and readers may cache forever. Local disk today; an object
 * store (S3, GCS) can implement the same three calls.
 */
export interface MediaStore {
  /** Stores one variant; readers never see a half-written entry. */
  put(id: string, variant: MediaVariant, bytes: Uint8Array): Promise<void>;
  /** The stored variant, or undefined when there is none. */
  get(id: string, variant: MediaVariant): Promise<StoredMedia | undefined>;
  exists(id: string, variant: MediaVariant): Promise<boolean>;
}
