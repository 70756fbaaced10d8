import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import { listen, type Runtime } from '@shop/platform';
import { createTestEnvironment, createTestRuntime, TestHttpClient, type TestEnvironment } from '@shop/platform/src/testing';
import type { Role } from '@shop/proto-contracts';
import { createCatalogService, type CatalogServiceOptions } from '../app';
import type { CatalogDeps } from '../domain/catalog-deps';

/** A caller of the service: a visitor, or someone logged in with a role (a Bearer access token). */
export class CatalogTestClient extends TestHttpClient {
  constructor(baseUrl: string, token?: string, readonly userId?: string) {
    super(baseUrl, { token });
  }
}

export interface CatalogTestService {
  env: TestEnvironment;
  runtime: Runtime;
  deps: CatalogDeps;
  url: string;
  visitor: CatalogTestClient;
  /** A client logged in with a role (a fresh user id unless given); its token proves its email only with `emailVerified`. */
  as(role: Role, opts?: { userId?: string; name?: string; email?: string; emailVerified?: boolean }): CatalogTestClient;
  rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * The catalog service built in-process on real infrastructure (PGlite, or the servers of the env
 * vars), empty unless `demoCatalog` is asked for. Tokens are signed with the environment's test key,
 * as the auth service would sign them.
 */
export async function startCatalogService(opts: CatalogServiceOptions = {}, given?: TestEnvironment): Promise<CatalogTestService> {
  const env = given ?? (await createCatalogTestEnvironment());
  const runtime = await createTestRuntime(env, 'catalog');
  // Reviews are published at once unless a test turns moderation on (decision 0056; the shop's
  // default is on): most tests are about other things than moderation.
  const service = await createCatalogService(runtime, { demoCatalog: false, reviewsNeedApproval: false, ...opts });
  const server: Server = await listen(service.app, 0);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const tokenFor = (role: Role, userId: string, name: string, email?: string, emailVerified?: boolean) =>
    jwt.sign({ sub: userId, role, email: email ?? `${userId.slice(0, 8)}@example.in`, name, av: 0, ...(emailVerified ? { emailVerified } : {}) }, env.keys.privateKey, {
      algorithm: 'RS256',
      issuer: 'shop-auth',
      expiresIn: '15m',
    });
  return {
    env,
    runtime,
    deps: service.deps,
    url,
    visitor: new CatalogTestClient(url),
    as(role, o = {}) {
      const userId = o.userId ?? randomUUID();
      return new CatalogTestClient(url, tokenFor(role, userId, o.name ?? 'Asha Kumar', o.email, o.emailVerified), userId);
    },
    rows: async <T>(query: ReturnType<typeof sql>) => (await runtime.database.db.execute(query)).rows as T[],
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await service.stop();
      await env.cleanup();
    },
  };
}

/**
 * A test environment whose PGlite has pg_trgm (see withTrigramPglite). Make it first, before any
 * runtime, when a test runs another service beside the catalog; close() of the catalog cleans it up.
 */
/** The platform's test environment (PGlite with pg_trgm, or the servers of the env vars). */
export async function createCatalogTestEnvironment(): Promise<TestEnvironment> {
  return createTestEnvironment();
}

let codeCounter = 0;

/** A valid creation payload with a unique product code; a Home & Kitchen item by default. */
export function productPayload(overrides: Record<string, unknown> = {}) {
  codeCounter += 1;
  return {
    id: `T-${Date.now().toString(36)}-${codeCounter}`,
    name: `Steel Tiffin Box ${codeCounter}`,
    price: 499,
    description: 'Three-tier stainless steel lunch box.',
    category: 1,
    subcat: 'cookware',
    stock: 10,
    ...overrides,
  };
}
