import { createHash } from 'node:crypto';
import { join } from 'node:path';
import sharp from 'sharp';
import { parse } from 'graphql';
import { z } from 'zod';
import { subgraphSdl } from '@shop/proto-contracts';
import {
  cachedBytes,
  commonSettings,
  createServiceApp,
  finishServiceApp,
  followAuthzEvents,
  mountSubgraph,
  prepareService,
  settings,
  type Runtime,
  type ServiceInstance,
} from '@shop/platform';
import { createImageProcessor, type EncodedVariant, type EncodeResult, type ImageFormat, type ImageProcessor } from './domain/image-processor';
import type { MediaVariant } from './domain/media-store';
import { LocalDiskStore } from './domain/local-disk-store';
import { mountInternalImageRoutes } from './routes/internal-images.routes';
import { mountMediaFileRoutes } from './routes/media-files.routes';
import { mountUploadRoutes } from './routes/upload.routes';

/**
 * The media service's own settings, the same in both modes: read from this service's environment
 * in distributed mode and from the shop's in embedded mode (decision 0085).
 */
export const mediaServiceSettings = {
  /** Where the encoded images are kept; `${DATA_DIR}/media` when unset (see mediaDirOf). */
  MEDIA_DIR: z.string().optional(),
  /** The URL prefix clients fetch images from: this service's /media behind the gateway, or a CDN. */
  MEDIA_PUBLIC_BASE: z
    .string()
    .default('/media')
    .refine((v) => v.startsWith('/') || /^https?:\/\/[^/]/.test(v), 'must be a path starting with / or an http(s) URL'),
};

/** The media process's settings in distributed mode: the common ones, where it listens, and its own. */
export const mediaSettings = {
  ...commonSettings,
  ...mediaServiceSettings,
  PORT: settings.port.default(4005),
};

export function mediaDirOf(config: { MEDIA_DIR?: string; DATA_DIR: string }): string {
  return config.MEDIA_DIR ?? join(config.DATA_DIR, 'media');
}

/** The service options the media service's own settings give (files under DATA_DIR unless MEDIA_DIR says). */
export function mediaOptionsOf(config: z.output<z.ZodObject<typeof mediaServiceSettings>> & { DATA_DIR: string }) {
  return { mediaDir: mediaDirOf(config), publicBase: config.MEDIA_PUBLIC_BASE };
}

const typeDefs = parse(subgraphSdl('media'));

/** The media service: image upload (validated, re-encoded to WebP, deduplicated) and serving. */
export async function createMediaService(
  runtime: Runtime,
  opts: { mediaDir: string; publicBase?: string; internalToken?: string },
): Promise<ServiceInstance> {
  const store = new LocalDiskStore(opts.mediaDir);
  await store.init();
  const processor = withTestImageCache(createImageProcessor());
  const publicBase = (opts.publicBase ?? '/media').replace(/\/+$/, '');

  const app = createServiceApp(runtime);
  mountUploadRoutes(app, { runtime, store, processor, publicBase });
  if (opts.internalToken) mountInternalImageRoutes(app, { runtime, store, processor, publicBase, token: opts.internalToken });
  mountMediaFileRoutes(app, { store });
  await mountSubgraph(app, {
    typeDefs,
    resolvers: { Query: { mediaStatus: () => 'ok' } },
    logger: runtime.logger,
    production: runtime.production,
  });
  finishServiceApp(app, runtime);
  const running = await prepareService(runtime, join(__dirname, 'db/migrations'));
  await followAuthzEvents(runtime);
  return { name: 'media', app, stop: running.stop };
}

/**
 * The processor, answering an image encoded before from the test runs' folder when one is set
 * (`SHOP_TEST_IMAGE_CACHE`, see cachedBytes): the same bytes encode to the same variants. Refusals
 * are never kept.
 */
function withTestImageCache(inner: ImageProcessor): ImageProcessor {
  if (!process.env.SHOP_TEST_IMAGE_CACHE) return inner;
  class NotKept extends Error {
    constructor(readonly result: EncodeResult) {
      super('not kept');
    }
  }
  return {
    dimensionsOf: (bytes) => inner.dimensionsOf(bytes),
    encodeVariants: async (bytes) => {
      const key = `media-encode:${sharp.versions.vips}:${createHash('sha256').update(bytes).digest('hex')}`;
      try {
        const kept = await cachedBytes(key, async () => {
          const result = await inner.encodeVariants(bytes);
          if (!result.ok) throw new NotKept(result);
          const variants = Object.fromEntries(Object.entries(result.variants).map(([name, v]) => [name, { bytes: v.bytes.toString('base64'), width: v.width, height: v.height }]));
          return Buffer.from(JSON.stringify({ format: result.format, variants }));
        });
        const parsed = JSON.parse(kept.toString()) as { format: ImageFormat; variants: Record<MediaVariant, { bytes: string; width: number; height: number }> };
        const variants = Object.fromEntries(
          Object.entries(parsed.variants).map(([name, v]) => [name, { bytes: Buffer.from(v.bytes, 'base64'), width: v.width, height: v.height }]),
        ) as Record<MediaVariant, EncodedVariant>;
        return { ok: true, format: parsed.format, variants };
      } catch (err) {
        if (err instanceof NotKept) return err.result;
        throw err;
      }
    },
  };
}
