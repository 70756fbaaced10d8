import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SQL } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import { listen, type Runtime } from '@shop/platform';
import { createTestEnvironment, createTestRuntime, TestHttpClient } from '@shop/platform/src/testing';
import type { Role } from '@shop/proto-contracts';
import { productPayload, startCatalogService, type CatalogTestService } from '@shop/catalog/src/testing/catalog-test-service';
import { createOrderService, type OrderServiceOptions } from '../app';
import type { OrderDeps } from '../domain/order-deps';

export const TEST_INTERNAL_TOKEN = 'order-test-internal-token-0123456789';
export const TEST_PUBLIC_URL = 'https://shop.example.in';

/** A caller of the order service: logged in with a role (a Bearer access token), or a visitor. */
export class OrderClient extends TestHttpClient {
  constructor(baseUrl: string, readonly userId: string, readonly email: string, private readonly token?: string) {
    super(baseUrl, { token });
  }

  /** A GET answering the raw bytes and content type (a PDF download). */
  async download(path: string): Promise<{ status: number; type: string | null; disposition: string | null; bytes: Buffer }> {
    const res = await fetch(this.baseUrl + path, { headers: this.token ? { authorization: `Bearer ${this.token}` } : {} });
    return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), bytes: Buffer.from(await res.arrayBuffer()) };
  }
}

export interface OrderTestService {
  runtime: Runtime;
  deps: OrderDeps;
  url: string;
  /** The real catalog service, in-process on the same test environment. */
  catalog: CatalogTestService;
  /**
   * A client logged in with a role (a fresh user unless an id is given). Its token says the email
   * was verified (as auth says of a proven address) unless `emailVerified: false`.
   */
  as(role: Role, opts?: { userId?: string; name?: string; email?: string; emailVerified?: boolean }): OrderClient;
  visitor: OrderClient;
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  /** Creates a catalog product as staff would (REST payload of the spec, money in rupees). */
  product(overrides?: Record<string, unknown>): Promise<{ _id: string; name: string; thumbnail: string | null; price: number }>;
  stockOf(productId: string): Promise<{ stock: number; stockDetail: Record<string, number> }>;
  /** Points the order service at another catalog address (a closed port: the catalog is down); null restores it. */
  redirectCatalog(url: string | null): void;
  close(): Promise<void>;
}

/**
 * The order service and the real catalog service, both in-process on one test environment
 * (PGlite, or PostgreSQL/RabbitMQ/Redis from the env vars), talking HTTP as in production.
 */
export async function startOrderService(opts: Partial<OrderServiceOptions> = {}): Promise<OrderTestService> {
  const env = await createTestEnvironment();
  const catalog = await startCatalogService({ internalToken: TEST_INTERNAL_TOKEN }, env);
  const runtime = await createTestRuntime(env, 'order');
  let redirected: string | null = null;
  const service = await createOrderService(runtime, {
    catalogUrl: () => redirected ?? catalog.url,
    internalToken: TEST_INTERNAL_TOKEN,
    publicUrl: TEST_PUBLIC_URL,
    ...opts,
  });
  const server: Server = await listen(service.app, 0);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sign = (userId: string, role: Role, email: string, name: string, emailVerified: boolean) =>
    jwt.sign({ sub: userId, role, email, name, av: 0, emailVerified }, env.keys.privateKey, { algorithm: 'RS256', issuer: 'shop-auth', expiresIn: '15m' });

  return {
    runtime,
    deps: service.deps,
    url,
    catalog,
    as(role, o = {}) {
      const userId = o.userId ?? randomUUID();
      const email = o.email ?? `${userId.slice(0, 8)}@example.in`;
      return new OrderClient(url, userId, email, sign(userId, role, email, o.name ?? 'Asha Kumar', o.emailVerified ?? true));
    },
    visitor: new OrderClient(url, '', ''),
    rows: async <T>(query: SQL) => (await runtime.database.db.execute(query)).rows as T[],
    async product(overrides = {}) {
      const res = await catalog.as('admin').post('/api/v1/admin/product/create', productPayload(overrides));
      if (res.status !== 201) throw new Error(`product not created: ${JSON.stringify(res.body)}`);
      return res.body.product;
    },
    async stockOf(productId) {
      const p = (await catalog.visitor.get(`/api/v1/product/${productId}`)).body.product;
      return { stock: p.stock, stockDetail: p.stockDetail };
    },
    redirectCatalog(to) {
      redirected = to;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await service.stop();
      // Closes the catalog, then every runtime of the environment and the environment itself.
      await catalog.close();
    },
  };
}

/** A valid shipping address, with the phone and pin as a checkout form sends them. */
export function shippingInfo(overrides: Record<string, unknown> = {}) {
  return {
    address: '12, MG Road, Indiranagar',
    city: 'Bengaluru',
    state: 'Karnataka',
    country: 'India',
    pinCode: '560 038',
    phoneNo: '+91 98765-43210',
    ...overrides,
  };
}
