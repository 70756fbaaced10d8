import { join } from 'node:path';
import { parse } from 'graphql';
import { z } from 'zod';
import { subgraphSdl } from '@shop/proto-contracts';
import {
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
import { createImageProcessor } from './domain/image-processor';
import { LocalDiskStore } from './domain/local-disk-store';
import { mountInternalImageRoutes } from './routes/internal-images.routes';
import { mountMediaFileRoutes } from './routes/media-files.routes';
import { mountUploadRoutes } from './routes/upload.routes';

export const mediaSettings = {
  ...commonSettings,
  PORT: settings.port.default(4005),
  /** Where the encoded images are kept; `${DATA_DIR}/media` when unset (see mediaDirOf). */
  MEDIA_DIR: z.string().optional(),
  /** The URL prefix clients fetch images from: this service's /media behind the gateway, or a CDN. */
  MEDIA_PUBLIC_BASE: z
    .string()
    .default('/media')
    .refine((v) => v.startsWith('/') || /^https?:\/\/[^/]/.test(v), 'must be a path starting with / or an http(s) URL'),
};

export function mediaDirOf(config: { MEDIA_DIR?: string; DATA_DIR: string }): string {
  return config.MEDIA_DIR ?? join(config.DATA_DIR, 'media');
}

const typeDefs = parse(subgraphSdl('media'));

/** The media service: image upload (validated, re-encoded to WebP, deduplicated) and serving. */
export async function createMediaService(
  runtime: Runtime,
  opts: { mediaDir: string; publicBase?: string; internalToken?: string },
): Promise<ServiceInstance> {
  const store = new LocalDiskStore(opts.mediaDir);
  await store.init();
  const processor = createImageProcessor();
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
