import { join } from 'node:path';
import express from 'express';
import { parse } from 'graphql';
import { z } from 'zod';
import { subgraphSdl } from '@shop/proto-contracts';
import {
  cacheTagsPlugin,
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
import { mediaInternalImages } from './clients/media-images.client';
import { productLookupRoutes } from './routes/product-lookup.routes';
import type { CatalogDeps } from './domain/catalog-deps';
import { CategoryDirectory, seedCategories } from './domain/category.directory';
import { catalogResolvers } from './graphql/resolvers';
import { followOrderEvents } from './events/order-events';
import { followBackInStock, followStockNoticeUsers } from './events/back-in-stock.consumer';
import { backInStockRoutes } from './routes/back-in-stock.routes';
import { coalesceProductChanges, PRODUCT_EVENTS_KICK_DELAY_MS } from './domain/product.events';
import { adminCategoryRoutes } from './routes/admin-categories.routes';
import { adminGstRateRoutes } from './routes/admin-gst-rates.routes';
import { adminProductRoutes } from './routes/admin-products.routes';
import { productRoutes } from './routes/products.routes';
import { reviewRoutes } from './routes/reviews.routes';
import { stockReservationRoutes } from './routes/stock-reservations.routes';
import { seedDemoCatalog } from './seed/demo-catalog.seed';
import { pendingImageCount, startDemoImageJob, type DemoImageJob, type DemoImageJobOptions } from './seed/demo-images.job';

/**
 * The catalog's own settings, the same in both modes: read from this service's environment in
 * distributed mode and from the shop's in embedded mode (decision 0085).
 */
export const catalogServiceSettings = {
  /** Create the demo catalog on first start, when there is no product yet. */
  DEMO_CATALOG: z.enum(['true', 'false']).default('true'),
  /** New and edited reviews wait until staff approve them (decision 0056). */
  REVIEWS_NEED_APPROVAL: z.enum(['true', 'false']).default('true'),
  /** Products and sizes with this many units or fewer are on the low-stock list (decision 0057). */
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(100000).default(5),
};

/** The service options the catalog's own settings give. */
export function catalogOptionsOf(config: z.output<z.ZodObject<typeof catalogServiceSettings>>) {
  return {
    demoCatalog: config.DEMO_CATALOG === 'true',
    reviewsNeedApproval: config.REVIEWS_NEED_APPROVAL === 'true',
    lowStockThreshold: config.LOW_STOCK_THRESHOLD,
  } satisfies Partial<CatalogServiceOptions>;
}

/** The catalog process's settings in distributed mode: the common ones, where it listens and what it reaches, and its own. */
export const catalogSettings = {
  ...commonSettings,
  ...catalogServiceSettings,
  PORT: settings.port.default(4002),
  /** Base URL of the media service, where the demo catalog's pictures are stored. */
  MEDIA_URL: settings.url(['http:', 'https:']).optional(),
  /** Where shoppers reach the shop (links in the back-in-stock mails). */
  PUBLIC_URL: settings.url(['http:', 'https:']).default('http://localhost:3000'),
};

export interface CatalogServiceOptions {
  /** The media service's base URL, or a function answering it once known (embedded mode listens late). */
  mediaUrl?: string | (() => string | undefined);
  /**
   * The shared internal token: sent to media's internal image route (without it the demo products
   * stay without pictures) and required on the catalog's /internal/v1 routes, stock reservations
   * and the product look-up (without it those routes do not exist: checkout cannot reserve stock
   * and the cart cannot merge a guest cart).
   */
  internalToken?: string;
  /** Create the demo catalog when the products table is empty (default true). */
  demoCatalog?: boolean;
  /** Retry timing of the demo picture job (tests make it short). */
  imageJob?: DemoImageJobOptions;
  /** New and edited reviews wait until staff approve them (default true). */
  reviewsNeedApproval?: boolean;
  /** Stock at or below this is low (default 5). */
  lowStockThreshold?: number;
  /** The shop's public address, for links in mails (default http://localhost:3000). */
  publicUrl?: string;
}

const typeDefs = parse(subgraphSdl('catalog'));

/** The domain's dependencies, from the runtime. */
export function buildCatalogDeps(runtime: Runtime, publishEvents: () => void, opts: Pick<CatalogServiceOptions, 'reviewsNeedApproval' | 'lowStockThreshold' | 'publicUrl'> = {}): CatalogDeps {
  return {
    reviewsNeedApproval: opts.reviewsNeedApproval ?? true,
    lowStockThreshold: opts.lowStockThreshold ?? 5,
    db: runtime.database.db,
    schema: runtime.schema,
    logger: runtime.logger,
    clock: runtime.clock,
    publishEvents,
    categories: new CategoryDirectory(runtime.database.db),
    mailer: runtime.mailer,
    publicUrl: opts.publicUrl ?? 'http://localhost:3000',
  };
}

/**
 * The catalog service: categories (data, seeded from proto-contracts), products, reviews and
 * search; REST under /api/v1 and the `catalog` GraphQL subgraph at /graphql. On first start it
 * creates the demo catalog; its pictures are made in the background, through the media service.
 */
export async function createCatalogService(
  runtime: Runtime,
  opts: CatalogServiceOptions = {},
): Promise<ServiceInstance & { deps: CatalogDeps; imageJob?: DemoImageJob }> {
  // A pass of the relay publishes each product's newest state once (decision 0038).
  const running = await prepareService(runtime, join(__dirname, 'db/migrations'), {
    coalesce: coalesceProductChanges,
    kickDelayMs: PRODUCT_EVENTS_KICK_DELAY_MS,
  });
  const deps = buildCatalogDeps(runtime, () => running.relay.kick(), opts);
  await seedCategories(deps.db);
  if (opts.demoCatalog !== false) {
    const seeded = await seedDemoCatalog(deps);
    if (seeded) runtime.logger.info(seeded, 'demo catalog created');
  }

  const app = createServiceApp(runtime);
  app.use('/api/v1', express.json({ limit: '100kb' }), productRoutes(deps), reviewRoutes(deps), adminProductRoutes(deps), adminCategoryRoutes(deps), adminGstRateRoutes(deps), backInStockRoutes(deps));
  app.use('/internal/v1', stockReservationRoutes(deps, opts.internalToken), productLookupRoutes(deps, opts.internalToken));
  // Each answer lists the products it shows, so the gateway's cache can purge by product (decision 0031).
  await mountSubgraph(app, { typeDefs, resolvers: catalogResolvers(deps), logger: runtime.logger, production: runtime.production, plugins: [cacheTagsPlugin('Product')] });
  finishServiceApp(app, runtime);
  await followAuthzEvents(runtime);
  await followOrderEvents(deps, runtime.bus);
  await followBackInStock(deps, runtime.bus);
  await followStockNoticeUsers(deps, runtime.bus);

  // Pictures come last and in the background: the service is ready without them.
  let imageJob: DemoImageJob | undefined;
  if ((await pendingImageCount(deps)) > 0) {
    if (opts.mediaUrl && opts.internalToken) {
      imageJob = startDemoImageJob(deps, mediaInternalImages(opts.mediaUrl, opts.internalToken), opts.imageJob);
    } else {
      runtime.logger.warn('MEDIA_URL or INTERNAL_API_TOKEN is not set: the demo catalog stays without pictures for now');
    }
  }

  return {
    name: 'catalog',
    app,
    deps,
    imageJob,
    async stop() {
      await imageJob?.stop();
      await running.stop();
    },
  };
}
