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
import { httpCatalogClient } from './clients/catalog.client';
import type { CatalogClient, OrderDeps } from './domain/order-deps';
import { preparePaymentKeys, type PaymentKeys } from './domain/payment.service';
import { followOrderMailEvents } from './events/order-mail.consumer';
import { orderResolvers } from './graphql/resolvers';
import { adminOrderRoutes } from './routes/admin-orders.routes';
import { orderRoutes } from './routes/orders.routes';
import { paymentRoutes } from './routes/payments.routes';

export const orderSettings = {
  ...commonSettings,
  PORT: settings.port.default(4004),
  /** Base URL of the catalog service (stock is reserved there at checkout). */
  CATALOG_URL: settings.url(['http:', 'https:']).default('http://127.0.0.1:4002'),
  /** Shared secret of the catalog's internal stock reservation routes (the same value in both services). */
  INTERNAL_API_TOKEN: z.string().min(24, 'must be at least 24 characters long').optional(),
  /** A real payment provider's key; without both, the built-in test provider signs with a key made at each start. */
  PAYMENT_KEY_ID: z.string().min(1).optional(),
  PAYMENT_KEY_SECRET: z.string().min(16, 'must be at least 16 characters long').optional(),
  /** Where shoppers reach the shop (links in the order mails). */
  PUBLIC_URL: settings.url(['http:', 'https:']).default('http://localhost:3000'),
};

export interface OrderServiceOptions {
  /** The catalog's base URL, or a function answering it once known (embedded mode listens late). */
  catalogUrl: string | (() => string | undefined);
  /** Token of the catalog's internal stock routes; without it no order can be placed (503). */
  internalToken?: string;
  /** A real provider key pair; without both the built-in test provider is used. */
  paymentKeyId?: string;
  paymentKeySecret?: string;
  /** The shop's public address, for links in mails. */
  publicUrl: string;
  /** Replaces the HTTP catalog client (tests). */
  catalog?: CatalogClient;
}

const typeDefs = parse(subgraphSdl('order'));

/** The domain's dependencies, from the runtime. */
export function buildOrderDeps(runtime: Runtime, opts: OrderServiceOptions, payments: PaymentKeys, publishEvents: () => void): OrderDeps {
  return {
    db: runtime.database.db,
    schema: runtime.schema,
    logger: runtime.logger,
    clock: runtime.clock,
    catalog: opts.catalog ?? httpCatalogClient({ catalogUrl: opts.catalogUrl, internalToken: opts.internalToken, logger: runtime.logger }),
    publishEvents,
    mailer: runtime.mailer,
    publicUrl: opts.publicUrl,
    payments,
  };
}

/**
 * The order service: checkout (stock reserved in the catalog, priced by the server, written with
 * OrderPlaced in one transaction), order tracking, staff status changes, the payment test
 * provider; REST under /api/v1 and the `order` subgraph at /graphql; order mails from its own events.
 */
export async function createOrderService(runtime: Runtime, opts: OrderServiceOptions): Promise<ServiceInstance & { deps: OrderDeps }> {
  const running = await prepareService(runtime, join(__dirname, 'db/migrations'));
  const payments = await preparePaymentKeys(runtime.database.db, { keyId: opts.paymentKeyId, keySecret: opts.paymentKeySecret });
  const deps = buildOrderDeps(runtime, opts, payments, () => running.relay.kick());
  if (!opts.internalToken && !opts.catalog) runtime.logger.warn('INTERNAL_API_TOKEN is not set: orders cannot be placed (stock cannot be reserved)');
  if (payments.testMode) runtime.logger.info({ keyId: payments.keyId }, 'payment test provider active (no PAYMENT_KEY_ID/PAYMENT_KEY_SECRET)');

  const app = createServiceApp(runtime);
  const paymentLimit = runtime.rateLimiter.middleware({ name: 'payments', limit: 60, windowMs: 60_000 });
  app.use('/api/v1', orderRoutes(deps), adminOrderRoutes(deps), paymentRoutes(deps, paymentLimit));
  await mountSubgraph(app, { typeDefs, resolvers: orderResolvers(deps), logger: runtime.logger, production: runtime.production });
  finishServiceApp(app, runtime);

  await followAuthzEvents(runtime);
  await followOrderMailEvents(deps, runtime.bus);
  return { name: 'order', app, deps, stop: running.stop };
}
