import { createHash } from 'node:crypto';
import type { EncodeFailure, ImageProcessor } from './image-processor';
import { MEDIA_VARIANTS, type MediaStore } from './media-store';

export interface StoredImage {
  id: string;
  /** Size of the `detail` variant, the one `secure_url` points at. */
  width: number;
  height: number;
}

export type StoreImageResult = { ok: true; image: StoredImage } | { ok: false; reason: EncodeFailure; cause?: string };

/** The id of an upload: the first 128 bits of the SHA-256 of its bytes, hex. */
export function mediaIdOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}

/**
 * Validates an uploaded file and stores its WebP variants under the hash of its bytes. The same
 * bytes uploaded again reuse what is stored (nothing is decoded or written twice); none of the
 * uploaded bytes themselves are kept.
 */
export async function storeUploadedImage(deps: { store: MediaStore; processor: ImageProcessor }, bytes: Buffer): Promise<StoreImageResult> {
  const { store, processor } = deps;
  const id = mediaIdOf(bytes);

  const stored = await Promise.all(MEDIA_VARIANTS.map((variant) => store.exists(id, variant)));
  if (stored.every(Boolean)) {
    const detail = await store.get(id, 'detail');
    if (detail) {
      const { width, height } = await processor.dimensionsOf(Buffer.concat(await detail.stream.toArray()));
      return { ok: true, image: { id, width, height } };
    }
  }

  const encoded = await processor.encodeVariants(bytes);
  if (!encoded.ok) return encoded;
  // A crash between the puts leaves an incomplete entry, which the exists-check above redoes next time.
  for (const variant of MEDIA_VARIANTS) await store.put(id, variant, encoded.variants[variant].bytes);
  const { width, height } = encoded.variants.detail;
  return { ok: true, image: { id, width, height } };
}
