import { availableParallelism } from 'node:os';
import sharp, { type Metadata } from 'sharp';
import { MEDIA_VARIANTS, type MediaVariant } from './media-store';

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

/** Width of each variant; smaller images keep their width (never upscaled). */
export const VARIANT_WIDTHS: Record<MediaVariant, number> = { card: 400, detail: 1200 };

/** Default ceiling on decoded size: about 50 megapixels (a 10 MB PNG can otherwise expand to gigabytes). */
export const DEFAULT_MAX_PIXELS = 50_000_000;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image format the leading bytes announce (never the file name or declared type), or undefined. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return undefined;
}

export interface EncodedVariant {
  bytes: Buffer;
  width: number;
  height: number;
}

export type EncodeFailure = 'not-an-image' | 'too-many-pixels';

export type EncodeResult =
  | { ok: true; format: ImageFormat; variants: Record<MediaVariant, EncodedVariant> }
  /** `cause` is the decoder's own words, for logs only. */
  | { ok: false; reason: EncodeFailure; cause?: string };

export interface ImageProcessor {
  /**
   * Checks that `bytes` are a whole PNG, JPEG, GIF or WebP image (signature and decoder agree,
   * every pixel decodes) and re-encodes it into each variant as WebP: oriented upright, sRGB, with
   * no metadata at all (EXIF, GPS, XMP, ICC). Animated GIF/WebP keep their first frame.
   */
  encodeVariants(bytes: Buffer): Promise<EncodeResult>;
  /** Width and height of an encoded variant, read from its header. */
  dimensionsOf(bytes: Buffer): Promise<{ width: number; height: number }>;
}

export interface ImageProcessorOptions {
  maxPixels?: number;
  /** Images decoded at once; each can hold hundreds of MB, so uploads beyond this wait their turn. */
  concurrency?: number;
}

export function createImageProcessor(options: ImageProcessorOptions = {}): ImageProcessor {
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  const limit = createConcurrencyLimit(options.concurrency ?? Math.max(1, Math.min(4, availableParallelism() - 1)));
  // 'warning' is sharp's advice for untrusted input: a truncated or corrupt image is refused, not padded with grey.
  const decodeOptions = { failOn: 'warning', limitInputPixels: maxPixels } as const;

  return {
    encodeVariants: (bytes) =>
      limit(async (): Promise<EncodeResult> => {
        const format = sniffImageFormat(bytes);
        if (!format) return { ok: false, reason: 'not-an-image', cause: 'unknown signature' };
        let header: Metadata;
        try {
          header = await sharp(bytes, { ...decodeOptions, limitInputPixels: false }).metadata();
        } catch (err) {
          return { ok: false, reason: 'not-an-image', cause: String(err) };
        }
        if (header.format !== format) return { ok: false, reason: 'not-an-image', cause: `signature ${format}, decoder ${header.format}` };
        if (!header.width || !header.height) return { ok: false, reason: 'not-an-image', cause: 'no dimensions' };
        if (header.width * header.height > maxPixels) return { ok: false, reason: 'too-many-pixels' };

        const variants = {} as Record<MediaVariant, EncodedVariant>;
        try {
          for (const variant of MEDIA_VARIANTS) {
            // sharp writes no metadata unless asked (withMetadata/keepMetadata), and converts to sRGB.
            const { data, info } = await sharp(bytes, { ...decodeOptions, autoOrient: true })
              .resize({ width: VARIANT_WIDTHS[variant], withoutEnlargement: true })
              .webp({ quality: 80 })
              .toBuffer({ resolveWithObject: true });
            variants[variant] = { bytes: data, width: info.width, height: info.height };
          }
        } catch (err) {
          return { ok: false, reason: 'not-an-image', cause: String(err) };
        }
        return { ok: true, format, variants };
      }),

    async dimensionsOf(bytes) {
      const { width, height } = await sharp(bytes).metadata();
      return { width, height };
    },
  };
}

/** Runs at most `max` tasks at once; the rest wait in arrival order. */
function createConcurrencyLimit(max: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    // A finishing task hands its slot straight to the next waiter, so nobody can jump the queue.
    if (active >= max) await new Promise<void>((takeSlot) => waiting.push(takeSlot));
    else active += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
