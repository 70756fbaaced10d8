import { join } from 'node:path';
import { parse } from 'graphql';
import { z } from 'zod';
import { DEMO_SELLER, GSTIN_PATTERN, subgraphSdl, type SellerDetails } from '@shop/proto-contracts';
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
import { formatOnlyPinDirectory, type PinDirectory } from './domain/delivery-promise.service';
import { deliveryRoutes } from './routes/delivery.routes';
import { DEFAULT_RESERVATION_TIMEOUT_MS, startCheckoutRecovery, type CheckoutRecovery } from './domain/pending-checkout.recovery';
import { followOrderMailEvents } from './events/order-mail.consumer';
import { orderResolvers } from './graphql/resolvers';
import { adminOrderRoutes } from './routes/admin-orders.routes';
import { orderRoutes } from './routes/orders.routes';
import { paymentRoutes } from './routes/payments.routes';
import { invoiceRoutes } from './routes/invoices.routes';
import { returnRoutes } from './routes/returns.routes';
import { couponRoutes } from './routes/coupons.routes';

/** The seller printed on GST tax invoices; demo values by default (README). */
export const sellerSettings = {
  SHOP_LEGAL_NAME: z.string().trim().min(1).max(200).default(DEMO_SELLER.legalName),
  SHOP_ADDRESS: z.string().trim().min(1).max(300).default(DEMO_SELLER.address),
  SHOP_STATE: z.string().trim().min(1).max(80).default(DEMO_SELLER.state),
  SHOP_GSTIN: z.string().trim().toUpperCase().regex(GSTIN_PATTERN, 'must be a 15-character GSTIN').default(DEMO_SELLER.gstin),
};

/** The seller from loaded settings. */
export const sellerOf = (c: { SHOP_LEGAL_NAME: string; SHOP_ADDRESS: string; SHOP_STATE: string; SHOP_GSTIN: string }): SellerDetails => ({
  legalName: c.SHOP_LEGAL_NAME,
  address: c.SHOP_ADDRESS,
  state: c.SHOP_STATE,
  gstin: c.SHOP_GSTIN,
});

/**
 * The order service's own settings, the same in both modes: read from this service's environment in
 * distributed mode and from the shop's in embedded mode (decision 0085).
 */
export const orderServiceSettings = {
  ...sellerSettings,
  /** A real payment provider's key; without both, the built-in test provider signs with a key made at each start. */
  PAYMENT_KEY_ID: z.string().min(1).optional(),
  PAYMENT_KEY_SECRET: z.string().min(16, 'must be at least 16 characters long').optional(),
  /** How long a checkout may hold reserved stock without its order being written (decision 0020). */
  RESERVATION_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(86_400).default(DEFAULT_RESERVATION_TIMEOUT_MS / 1000),
};

/** The service options the order service's own settings give. */
export function orderOptionsOf(config: z.output<z.ZodObject<typeof orderServiceSettings>>) {
  return {
    paymentKeyId: config.PAYMENT_KEY_ID,
    paymentKeySecret: config.PAYMENT_KEY_SECRET,
    reservationTimeoutMs: config.RESERVATION_TIMEOUT_SECONDS * 1000,
    seller: sellerOf(config),
  } satisfies Partial<OrderServiceOptions>;
}

/** The order process's settings in distributed mode: the common ones, where it listens and what it reaches, and its own. */
export const orderSettings = {
  ...commonSettings,
  ...orderServiceSettings,
  PORT: settings.port.default(4004),
  /** Base URL of the catalog service (stock is reserved there at checkout). */
  CATALOG_URL: settings.url(['http:', 'https:']),
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
  /** The seller printed on tax invoices (the demo seller when not given). */
  seller?: SellerDetails;
  /** Replaces the HTTP catalog client (tests). */
  catalog?: CatalogClient;
  /** After this long a checkout's reserved stock is given back unless its order was written (default 2 min). */
  reservationTimeoutMs?: number;
  /** Whether a PIN code exists (decision 0068); without it, every well-formed PIN is taken as real. */
  pinDirectory?: PinDirectory;
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
    rateLimiter: runtime.rateLimiter,
    seller: opts.seller ?? DEMO_SELLER,
    pinDirectory: opts.pinDirectory ?? formatOnlyPinDirectory,
  };
}

/**
 * The order service: checkout (stock reserved in the catalog, priced by the server, written with
 * OrderPlaced in one transaction), order tracking, staff status changes, the payment test
 * provider; REST under /api/v1 and the `order` subgraph at /graphql; order mails from its own events.
 */
export async function createOrderService(runtime: Runtime, opts: OrderServiceOptions): Promise<ServiceInstance & { deps: OrderDeps; recovery: CheckoutRecovery }> {
  const running = await prepareService(runtime, join(__dirname, 'db/migrations'));
  const payments = await preparePaymentKeys(runtime.database.db, { keyId: opts.paymentKeyId, keySecret: opts.paymentKeySecret });
  const deps = buildOrderDeps(runtime, opts, payments, () => running.relay.kick());
  if (payments.testMode) runtime.logger.info({ keyId: payments.keyId }, 'payment test provider active (no PAYMENT_KEY_ID/PAYMENT_KEY_SECRET)');

  const app = createServiceApp(runtime);
  app.use('/api/v1', orderRoutes(deps), adminOrderRoutes(deps), paymentRoutes(deps), returnRoutes(deps), invoiceRoutes(deps), couponRoutes(deps), deliveryRoutes(deps));
  await mountSubgraph(app, { typeDefs, resolvers: orderResolvers(deps), logger: runtime.logger, production: runtime.production });
  finishServiceApp(app, runtime);

  await followAuthzEvents(runtime);
  await followOrderMailEvents(deps, runtime.bus);
  // Stock held by checkouts that died (in this process or another replica) goes back on its own.
  const recovery = startCheckoutRecovery(deps, opts.reservationTimeoutMs ?? DEFAULT_RESERVATION_TIMEOUT_MS);
  void recovery.runOnce();
  return {
    name: 'order',
    app,
    deps,
    recovery,
    async stop() {
      await recovery.stop();
      await running.stop();
    },
  };
}
