import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openPglite } from './db';
import { InProcessBus } from './events/in-process-bus';
import { createLogger } from './logger';
import { MemoryAuthzState } from './authz-state';
import { MemoryRateLimitStore } from './rate-limit';
import { createRedis } from './redis';
import { closeRuntime, createRuntime, type Runtime, type RuntimeSettings, type SharedRuntime } from './runtime';
import { RabbitBus } from './events/rabbitmq-bus';

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
    DATA_DIR: `/tmp/shop-test-${id}`,
    RABBITMQ_URL: process.env.RABBITMQ_URL || undefined,
    REDIS_URL: process.env.REDIS_URL || undefined,
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
    const dbName = `shop_test_${id}`;
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
