import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { openPglite } from './db';
import { InProcessBus } from './events/in-process-bus';
import { createLogger } from './logger';
import { MemoryAuthzState } from './authz-state';
import { MemoryRateLimitStore } from './rate-limit';
import { createRedis } from './redis';
import { closeRuntime, createRuntime, type Runtime, type RuntimeSettings, type SharedRuntime } from './runtime';
import { RabbitBus } from './events/rabbitmq-bus';

/** The internal token of test runtimes (what the gateway would send with a caller's address). */
export const TEST_INTERNAL_TOKEN = 'test-internal-token-0123456789abcdef';

let cachedKeys: { publicKey: string; privateKey: string } | undefined;

/** An RS256 key pair for tests (made once per process). */
export function testKeys() {
  cachedKeys ??= generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return cachedKeys;
}

export interface TestEnvironment {
  namespace: string;
  settings: RuntimeSettings;
  shared: SharedRuntime;
  keys: { publicKey: string; privateKey: string };
  /** Drops the test database, Redis keys and RabbitMQ names this environment made. */
  cleanup(): Promise<void>;
}

/** This machine, as a leftover tag names it: six hex digits of its host name's hash. */
const machineTag = createHash('sha1').update(hostname()).digest('hex').slice(0, 6);

/**
 * The part of a test database's or RabbitMQ virtual host's name that says which machine and process
 * made it (`m<machine>p<pid>`), so that a later run can tell those of a run that was killed (its
 * cleanup never ran). In the name, it is there from the moment the database exists.
 */
export function leftoverTag(pid = process.pid): string {
  return `m${machineTag}p${pid}`;
}

/** True for a name made by a process of this machine that is no longer running (never another machine's). */
export function isLeftover(name: string): boolean {
  const made = /_m([0-9a-f]{6})p(\d+)(?:_|$)/.exec(name);
  if (!made || made[1] !== machineTag) return false;
  const pid = Number(made[2]);
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: running, as another user.
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
  // Killed but not yet reaped by its parent (a zombie, on Linux): gone all the same.
  try {
    return /^\d+ \(.*\) Z /s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Drops the databases on this server, named from `prefix` on, that test runs killed on this machine
 * left behind; answers their names.
 */
export async function dropLeftoverDatabases(base: string, prefix = 'shop_'): Promise<string[]> {
  const c = new Client({ connectionString: base });
  await c.connect();
  try {
    const { rows } = await c.query<{ name: string }>('select datname as name from pg_database where starts_with(datname, $1)', [prefix]);
    const dropped: string[] = [];
    for (const { name } of rows) {
      if (!isLeftover(name) || !/^[a-z0-9_]+$/.test(name)) continue;
      // Another run's sweep may be dropping it too.
      await c.query(`drop database if exists ${name} with (force)`).then(
        () => dropped.push(name),
        () => undefined,
      );
    }
    return dropped;
  } finally {
    await c.end();
  }
}

/** The sweep of what killed runs left, done once per process before its first test database. */
let swept: Promise<unknown> | undefined;

/**
 * Real infrastructure for integration tests: a fresh PostgreSQL database when DATABASE_URL is set
 * (else one in-memory PGlite), RabbitMQ when RABBITMQ_URL is set (else the in-process bus) and Redis
 * when REDIS_URL is set (else memory), all under a unique namespace that cleanup() removes.
 */
export async function createTestEnvironment(): Promise<TestEnvironment> {
  const id = randomBytes(5).toString('hex');
  const namespace = `t${id}.`;
  const logger = createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const cleanups: Array<() => Promise<void>> = [];
  const settings: RuntimeSettings = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: join(tmpdir(), `shop-test-${id}`),
    RABBITMQ_URL: process.env.RABBITMQ_URL || undefined,
    REDIS_URL: process.env.REDIS_URL || undefined,
    INTERNAL_API_TOKEN: TEST_INTERNAL_TOKEN,
  };
  const shared: SharedRuntime = {
    logger,
    namespace,
    bus: new InProcessBus(logger, { maxAttempts: 3, delayMs: () => 20 }),
    authz: new MemoryAuthzState(),
    rateLimitStore: new MemoryRateLimitStore(),
  };
  const base = process.env.DATABASE_URL;
  if (base) {
    const dbName = `shop_test_${id}_${leftoverTag()}`;
    // Once per process: what killed runs left behind goes first (a failure to sweep fails no test).
    swept ??= dropLeftoverDatabases(base).catch(() => undefined);
    await swept;
    const admin = new Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${dbName}`;
    settings.DATABASE_URL = url.toString();
    cleanups.push(async () => {
      const c = new Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    });
  } else {
    const pglite = await openPglite();
    shared.pglite = pglite;
    cleanups.push(() => pglite.close());
  }
  if (settings.REDIS_URL) {
    const url = settings.REDIS_URL;
    cleanups.push(async () => {
      const redis = createRedis(url);
      const keys = await redis.keys(`${namespace}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    });
  }
  return {
    namespace,
    settings,
    shared,
    keys: testKeys(),
    async cleanup() {
      await shared.bus?.close();
      for (const c of cleanups.reverse()) await c().catch(() => undefined);
    },
  };
}

/** A service runtime inside a test environment; closed (and its RabbitMQ names deleted) by cleanup(). */
export async function createTestRuntime(env: TestEnvironment, service: string): Promise<Runtime> {
  const runtime = await createRuntime(service, env.settings, { publicKey: env.keys.publicKey, shared: env.shared });
  const previous = env.cleanup;
  env.cleanup = async () => {
    if (runtime.bus instanceof RabbitBus) await runtime.bus.deleteTopology().catch(() => undefined);
    await closeRuntime(runtime).catch(() => undefined);
    await previous();
  };
  return runtime;
}

/** What a test client got back: the status and the body (parsed when it is JSON, else the text). */
export interface TestReply<T = any> {
  status: number;
  body: T;
  /** The answer's headers (not enumerable, so `toEqual({ status, body })` still holds). */
  headers: Headers;
  /** The Set-Cookie lines of the answer; only a client that keeps cookies reports them. */
  setCookies?: string[];
}

export interface TestHttpClientOptions {
  /** Sent as a Bearer access token (as the gateway forwards one) with every request. */
  token?: string;
  /** Sent with every request; a call's own headers go over them. */
  headers?: Record<string, string>;
  /** Keeps the cookies the server sets and sends them back, as a browser does. */
  keepCookies?: boolean;
}

/**
 * A small HTTP client for tests, calling a service or the gateway over real HTTP. A body is sent
 * as JSON (a string as written, to test malformed JSON; FormData as a multipart upload).
 */
export class TestHttpClient {
  /** The cookies it sends; a test may set one by hand (a stolen or forged token). */
  readonly cookies = new Map<string, string>();
  private readonly headers: Record<string, string>;

  constructor(
    readonly baseUrl: string,
    private readonly options: TestHttpClientOptions = {},
  ) {
    this.headers = { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers };
  }

  async call<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, redirect: 'follow' | 'manual' = 'follow'): Promise<TestReply<T>> {
    const sent: Record<string, string> = { ...this.headers, ...headers };
    const init: RequestInit = { method, headers: sent, redirect };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      // JSON unless the test says what it sends (a charset or type the service must refuse).
      if (!Object.keys(sent).some((name) => name.toLowerCase() === 'content-type')) sent['content-type'] = 'application/json';
    }
    if (this.cookies.size) sent.cookie = this.cookieHeader();
    const res = await fetch(this.baseUrl + path, init);
    const reply = { status: res.status, body: parseBody(await res.text()) as T } as TestReply<T>;
    // Not enumerable: tests compare replies as `{ status, body }` and the headers stay out of that.
    Object.defineProperty(reply, 'headers', { value: res.headers, enumerable: false });
    if (this.options.keepCookies) reply.setCookies = this.remember(res.headers.getSetCookie());
    return reply;
  }

  get = (path: string, headers?: Record<string, string>) => this.call('GET', path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.call('POST', path, body, headers);
  put = (path: string, body?: unknown, headers?: Record<string, string>) => this.call('PUT', path, body, headers);
  delete = (path: string, headers?: Record<string, string>) => this.call('DELETE', path, undefined, headers);

  /** A browser navigation (GET) whose redirect is answered, not followed: `location` is where it points. */
  async navigate(path: string): Promise<{ status: number; location: string | null; setCookies?: string[] }> {
    const reply = await this.call('GET', path, undefined, {}, 'manual');
    return { status: reply.status, location: reply.headers.get('location'), setCookies: reply.setCookies };
  }

  /** A GraphQL operation (on a subgraph, or the gateway's supergraph). */
  graphql<T = any>(query: string, variables?: Record<string, unknown>) {
    return this.call<{ data?: T; errors?: Array<{ message: string; extensions?: { code?: string } }> }>('POST', '/graphql', { query, variables });
  }

  /** The Cookie header a browser would send now. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private remember(setCookies: string[]): string[] {
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = !value || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line);
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return setCookies;
  }
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text; // not JSON (or empty)
  }
}

/** Retries an assertion until it holds (events are delivered asynchronously), up to `timeoutMs`. */
export async function eventually(assertion: () => Promise<void> | void, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
