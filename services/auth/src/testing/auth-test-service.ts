import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { gatewayClientHeaders, listen, type Runtime } from '@shop/platform';
import { createTestEnvironment, createTestRuntime, TEST_INTERNAL_TOKEN, TestHttpClient, type TestEnvironment } from '@shop/platform/src/testing';
import { buildAuthDeps, createAuthService, type AuthServiceOptions } from '../app';
import type { AdminBootstrap } from '../domain/admin-users.service';
import type { AuthDeps } from '../domain/auth-deps';

export const ADMIN = { email: 'root@shop.test', password: 'Root#Pass1234' };

export interface AuthTestService {
  env: TestEnvironment;
  runtime: Runtime;
  /** The domain's dependencies on the same runtime, for calling domain functions directly. */
  deps: AuthDeps;
  adminBootstrap?: AdminBootstrap;
  url: string;
  close(): Promise<void>;
  /** Rows of a query on the service's own database (assertions on what was stored). */
  rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]>;
  /** The newest mail sent to an address (outbox mailer: stored in auth.mail_log). */
  lastMailTo(email: string): Promise<{ subject: string; body: string } | undefined>;
  /**
   * Waits until every mail asked for about an unproven address (reset link or code, newsletter
   * sign-up) was looked up and recorded: they are handled after the answer (decision 0044).
   */
  accountMailHandled(): Promise<void>;
}

/** The auth service built in-process on real infrastructure (PGlite, or the servers of the env vars). */
export async function startAuthService(overrides: Partial<AuthServiceOptions> = {}): Promise<AuthTestService> {
  const env = await createTestEnvironment();
  const runtime = await createTestRuntime(env, 'auth');
  const opts: AuthServiceOptions = {
    privateKey: env.keys.privateKey,
    publicUrl: 'http://shop.test',
    secureCookies: false,
    admin: ADMIN,
    ...overrides,
  };
  const service = await createAuthService(runtime, opts);
  const server: Server = await listen(service.app, 0);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const rows = async <T>(query: ReturnType<typeof sql>) => (await runtime.database.db.execute(query)).rows as T[];
  return {
    env,
    runtime,
    deps: buildAuthDeps(runtime, opts, () => undefined),
    adminBootstrap: service.adminBootstrap,
    url,
    rows,
    async lastMailTo(email) {
      const [mail] = await rows<{ subject: string; body: string }>(
        sql`select subject, body from auth.mail_log where recipient = ${email} order by id desc limit 1`,
      );
      return mail;
    },
    async accountMailHandled() {
      for (let i = 0; i < 200; i += 1) {
        const [{ asked, handled }] = await rows<{ asked: number; handled: number }>(sql`select
          (select count(*)::int from auth.outbox where type = 'AccountMailRequested') as asked,
          (select count(*)::int from auth.processed_events where consumer = 'auth.account-mail') as handled`);
        if (handled >= asked) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('mails asked for were not handled within 10 s');
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await service.stop();
      await env.cleanup();
    },
  };
}

let ipCounter = 0;

/** A fresh address in 10.0.0.0/8 for each client. */
function nextTestIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

/**
 * A browser stand-in: keeps cookies between calls like a browser would, and comes from its own
 * address (vouched for as the gateway does), so per-IP rate limits of one test never hit another.
 */
export class TestClient extends TestHttpClient {
  constructor(
    baseUrl: string,
    readonly ip: string = nextTestIp(),
  ) {
    super(baseUrl, { keepCookies: true, headers: gatewayClientHeaders(TEST_INTERNAL_TOKEN, ip) });
  }
}

let userCounter = 0;

/** A sign-up payload with a unique email. */
export function newUser(overrides: Partial<{ name: string; email: string; phone: string; password: string }> = {}) {
  userCounter += 1;
  const tag = `${Date.now().toString(36)}${userCounter}`;
  return { name: `Asha ${tag}`, email: `asha.${tag}@example.in`, phone: '9876543210', password: 'Secret#123', ...overrides };
}

/** Registers a new user through the API and returns a client logged in as them. */
export async function registeredClient(service: AuthTestService, overrides: Parameters<typeof newUser>[0] = {}) {
  const client = new TestClient(service.url);
  const payload = newUser(overrides);
  const res = await client.post('/api/v1/register', payload);
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, payload, user: res.body.user as { id: string; email: string } };
}

/** A client logged in as the bootstrap admin. */
export async function adminClient(service: AuthTestService) {
  const client = new TestClient(service.url);
  const res = await client.post('/api/v1/login', ADMIN);
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, user: res.body.user as { id: string } };
}
