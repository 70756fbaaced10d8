import { join } from 'node:path';
import { parse } from 'graphql';
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
import { httpCatalogClient } from './clients/catalog.client';
import type { CartDeps, CatalogClient } from './domain/cart-deps';
import { followCartEvents } from './events/cart-events';
import { cartResolvers } from './graphql/resolvers';
import { cartRoutes } from './routes/cart.routes';
import { wishlistRoutes } from './routes/wishlist.routes';

export const cartSettings = {
  ...commonSettings,
  PORT: settings.port.default(4003),
  /** Base URL of the catalog service (products are checked there when added). */
  CATALOG_URL: settings.url(['http:', 'https:']).default('http://127.0.0.1:4002'),
};

export interface CartServiceOptions {
  /** The catalog's base URL, or a function answering it once known (embedded mode listens late). */
  catalogUrl: string | (() => string | undefined);
}

const typeDefs = parse(subgraphSdl('cart'));

/** The domain's dependencies, from the runtime and a catalog client. */
export function buildCartDeps(runtime: Runtime, catalog: CatalogClient): CartDeps {
  return { db: runtime.database.db, schema: runtime.schema, logger: runtime.logger, clock: runtime.clock, catalog };
}

/**
 * The cart service: one cart and one wishlist per user, REST under /api/v1 and the `cart` GraphQL
 * subgraph at /graphql. Products are checked against the catalog when added and kept as local
 * snapshots (current through ProductChanged/ProductDeleted), so reading a cart needs only this
 * service's database. OrderPlaced empties the ordered lines; UserDeleted removes everything.
 */
export async function createCartService(runtime: Runtime, opts: CartServiceOptions): Promise<ServiceInstance> {
  const running = await prepareService(runtime, join(__dirname, 'db/migrations'));
  const deps = buildCartDeps(runtime, httpCatalogClient(opts.catalogUrl, { internalToken: runtime.internalToken, logger: runtime.logger }));

  const app = createServiceApp(runtime);
  app.use('/api/v1', cartRoutes(deps), wishlistRoutes(deps));
  await mountSubgraph(app, {
    typeDefs,
    resolvers: cartResolvers(deps),
    logger: runtime.logger,
    production: runtime.production,
  });
  finishServiceApp(app, runtime);

  await followAuthzEvents(runtime);
  await followCartEvents(deps, runtime.bus);
  return { name: 'cart', app, stop: running.stop };
}
