import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import Redis from 'ioredis';
import { dropLeftoverDatabases, isLeftover, leftoverTag, testKeys } from '@shop/platform/src/testing';
import { startBalancer } from './balancer';
import { freePort, startProcess, waitForHttp, type RunningProcess } from './processes';

export const services = ['auth', 'catalog', 'cart', 'order', 'media'] as const;
export type ServiceName = (typeof services)[number];

export interface DistributedShop {
  base: string;
  id: string;
  namespace: string;
  processes: Record<ServiceName | 'gateway', RunningProcess>;
  /** With `replicas: 2`: the second process of each service and of the gateway. */
  secondReplicas: Partial<Record<ServiceName | 'gateway', RunningProcess>>;
  /** Where one replica listens (1: `processes`, 2: `secondReplicas`). */
  replicaUrl(name: ServiceName | 'gateway', replica: 1 | 2): string;
  /** With `replicas: 2`: connections each balancer passed to each replica, by port. */
  balancers: Partial<Record<ServiceName | 'gateway', Map<number, number>>>;
  urls: Record<ServiceName, string>;
  /** The shared INTERNAL_API_TOKEN (to stand where the gateway stands, e.g. vouching for an address). */
  internalToken: string;
  /** Database URL of one service (for assertions on what it stored). */
  databaseUrl(service: ServiceName): string;
  /** The RabbitMQ virtual host of this shop. */
  vhost: string;
  restart(name: ServiceName): Promise<void>;
  /** kill -9 of one process (a crash: no shutdown of any kind); resolves once it is gone. */
  kill(name: ServiceName | 'gateway', replica?: 1 | 2): Promise<void>;
  /** Starts a killed process again with the same settings (what a supervisor does); resolves once it is ready. */
  start(name: ServiceName | 'gateway', replica?: 1 | 2): Promise<void>;
  stop(): Promise<void>;
}

export interface DistributedShopOptions {
  /**
   * Services that reach RabbitMQ through a loopback port (a test's TCP proxy, to cut the broker
   * away from them) instead of directly; the other services keep the direct connection.
   */
  rabbitmqVia?: { port: number; services: readonly ServiceName[] };
  /**
   * Every process (services and gateway) reaches PostgreSQL, RabbitMQ and Redis through these
   * loopback ports (a test's TCP proxies, e.g. frozen to make the peers stop answering); the
   * databases and the virtual host are still made and removed directly.
   */
  peersVia?: { postgres: number; rabbitmq: number; redis: number };
  /**
   * Servers of the test's own (a fault test that stops or restarts them must never touch the shared
   * ones): PostgreSQL and RabbitMQ URLs, and how to run rabbitmqctl against that node.
   */
  infrastructure?: { postgresUrl: string; rabbitmqUrl: string; rabbitmqctl(args: string[]): string };
  /** Every process runs as PID 1 of its own PID namespace, as a container's entry point does. */
  pid1?: boolean;
  /**
   * 2: two processes of every service and of the gateway, each pair behind a round-robin TCP
   * balancer (what a Kubernetes Service or a compose alias is); `urls` and `base` are the balancers.
   */
  replicas?: 1 | 2;
  /**
   * Runs once the (empty) databases exist and before any process starts, e.g. to restore a backup
   * into them; a failure stops the start and removes what was made.
   */
  beforeStart?: (databaseUrl: (service: ServiceName) => string) => Promise<void>;
}

const pgBase = () => process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rabbitBase = () => process.env.RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const redisUrl = () => process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Where the RabbitMQ server of the tests listens (the target for a proxy in front of it). */
export function rabbitmqAddress(): { host: string; port: number } {
  const url = new URL(rabbitBase());
  return { host: url.hostname, port: Number(url.port || 5672) };
}

function dbUrl(base: string, name: string) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

const sharedRabbitmqctl = (args: string[]) => execFileSync('rabbitmqctl', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

/** Deletes the virtual hosts that runs killed on this machine left (see leftoverTag). */
function deleteLeftoverVhosts(rabbitmqctl: (args: string[]) => string) {
  let listed: string;
  try {
    listed = rabbitmqctl(['list_vhosts', '-q', '--no-table-headers', 'name']);
  } catch {
    return;
  }
  for (const line of listed.split('\n')) {
    const name = line.trim();
    if (!name.startsWith('shop_sys_') || !isLeftover(name)) continue;
    try {
      rabbitmqctl(['delete_vhost', name]);
    } catch {
      /* another run's sweep took it */
    }
  }
}

/**
 * Starts the shop as in production: five services and the gateway, each its own process, each
 * service with its own PostgreSQL database, one RabbitMQ virtual host and Redis, all made for this
 * run and removed by stop().
 */
export async function startDistributedShop(
  extraEnv: Partial<Record<ServiceName | 'gateway', Record<string, string>>> = {},
  options: DistributedShopOptions = {},
): Promise<DistributedShop> {
  // The databases' and virtual host's names say which process made them (leftoverTag).
  const hex = randomBytes(4).toString('hex');
  const id = `${hex}_${leftoverTag()}`;
  const namespace = `sys${hex}.`;
  const vhost = `shop_sys_${id}`;
  const keys = testKeys();
  const pg = options.infrastructure?.postgresUrl ?? pgBase();
  const rabbitmqctl = options.infrastructure?.rabbitmqctl ?? sharedRabbitmqctl;
  // What runs killed on this machine left on these servers goes first (a failed sweep fails nothing).
  await dropLeftoverDatabases(pg).catch(() => undefined);
  deleteLeftoverVhosts(rabbitmqctl);
  const admin = new Client({ connectionString: pg });
  await admin.connect();
  for (const s of services) await admin.query(`create database shop_sys_${id}_${s}`);
  await admin.end();
  rabbitmqctl(['add_vhost', vhost]);
  rabbitmqctl(['set_permissions', '-p', vhost, new URL(options.infrastructure?.rabbitmqUrl ?? rabbitBase()).username || 'guest', '.*', '.*', '.*']);
  const rabbit = new URL(options.infrastructure?.rabbitmqUrl ?? rabbitBase());
  rabbit.pathname = `/${vhost}`;
  const rabbitUrl = rabbit.toString();
  const via = (url: string, port: number | undefined) => {
    if (port === undefined) return url;
    const u = new URL(url);
    u.host = `127.0.0.1:${port}`;
    return u.toString();
  };
  const rabbitUrlOf = (s: ServiceName) => via(rabbitUrl, options.rabbitmqVia?.services.includes(s) ? options.rabbitmqVia.port : options.peersVia?.rabbitmq);

  const ports = Object.fromEntries(await Promise.all([...services, 'gateway'].map(async (s) => [s, await freePort()]))) as Record<ServiceName | 'gateway', number>;
  const replicated = options.replicas === 2;
  const ports2 = Object.fromEntries(await Promise.all([...services, 'gateway'].map(async (s) => [s, replicated ? await freePort() : 0]))) as Record<ServiceName | 'gateway', number>;
  const balancers = {} as Record<ServiceName | 'gateway', Awaited<ReturnType<typeof startBalancer>>>;
  if (replicated) for (const s of [...services, 'gateway'] as const) balancers[s] = await startBalancer(() => [ports[s], ports2[s]]);
  const urls = Object.fromEntries(services.map((s) => [s, `http://127.0.0.1:${replicated ? balancers[s].port : ports[s]}`])) as Record<ServiceName, string>;
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-sys-'));
  const internalToken = randomBytes(24).toString('hex');
  const common = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.SYSTEM_LOG_LEVEL ?? 'warn',
    REDIS_URL: via(redisUrl(), options.peersVia?.redis),
    NAMESPACE: namespace,
    JWT_PUBLIC_KEY: keys.publicKey,
    DATA_DIR: dataDir,
    INTERNAL_API_TOKEN: internalToken,
  };
  const envOf = (s: ServiceName, port = ports[s]): Record<string, string> => ({
    ...common,
    PORT: String(port),
    RABBITMQ_URL: rabbitUrlOf(s),
    DATABASE_URL: via(dbUrl(pg, `shop_sys_${id}_${s}`), options.peersVia?.postgres),
    ...(s === 'auth' ? { JWT_PRIVATE_KEY: keys.privateKey, PUBLIC_URL: `http://127.0.0.1:${ports.gateway}`, ADMIN_EMAIL: 'admin@shop.test', ADMIN_PASSWORD: 'Admin#12345' } : {}),
    ...(s === 'media' ? { MEDIA_DIR: join(dataDir, 'media') } : {}),
    ...(s === 'cart' ? { CATALOG_URL: urls.catalog } : {}),
    ...(s === 'auth' ? { MEDIA_URL: urls.media } : {}),
    ...(s === 'order' ? { CATALOG_URL: urls.catalog, PUBLIC_URL: `http://127.0.0.1:${ports.gateway}` } : {}),
    ...(s === 'catalog' ? { MEDIA_URL: urls.media } : {}),
    ...(extraEnv[s] ?? {}),
  });
  const processes = {} as Record<ServiceName | 'gateway', RunningProcess>;
  const secondReplicas: Partial<Record<ServiceName | 'gateway', RunningProcess>> = {};
  const startService = async (s: ServiceName) => {
    processes[s] = startProcess(s, `services/${s}/src/main.ts`, envOf(s), { pid1: options.pid1 });
    await waitForHttp(`http://127.0.0.1:${ports[s]}/readyz`, processes[s]);
  };
  const startSecond = async (name: ServiceName | 'gateway') => {
    const env = name === 'gateway' ? gatewayEnv(ports2.gateway) : envOf(name, ports2[name]);
    const proc = startProcess(`${name}-2`, name === 'gateway' ? 'gateway/src/main.ts' : `services/${name}/src/main.ts`, env, { pid1: options.pid1 });
    secondReplicas[name] = proc;
    await waitForHttp(`http://127.0.0.1:${ports2[name]}/readyz`, proc);
  };
  const gatewayEnv = (port = ports.gateway): Record<string, string> => ({
    NODE_ENV: 'test',
    LOG_LEVEL: common.LOG_LEVEL,
    PORT: String(port),
    HOST: '127.0.0.1',
    REDIS_URL: via(redisUrl(), options.peersVia?.redis),
    RABBITMQ_URL: via(rabbitUrl, options.peersVia?.rabbitmq),
    NAMESPACE: namespace,
    INTERNAL_API_TOKEN: internalToken,
    AUTH_URL: urls.auth,
    CATALOG_URL: urls.catalog,
    CART_URL: urls.cart,
    ORDER_URL: urls.order,
    MEDIA_URL: urls.media,
    WEB_DIST: join(dataDir, 'no-web'),
    RATE_LIMIT_PER_MINUTE: '0',
    ...(extraEnv.gateway ?? {}),
  });
  const startGateway = async () => {
    processes.gateway = startProcess('gateway', 'gateway/src/main.ts', gatewayEnv(), { pid1: options.pid1 });
    await waitForHttp(`http://127.0.0.1:${ports.gateway}/readyz`, processes.gateway);
  };
  const stopBalancers = () => Promise.all(Object.values(balancers).map((b) => b.stop()));
  try {
    await options.beforeStart?.((s) => dbUrl(pg, `shop_sys_${id}_${s}`));
    await Promise.all(services.map(startService));
    if (replicated) await Promise.all(services.map(startSecond));
    await startGateway();
    if (replicated) await startSecond('gateway');
  } catch (err) {
    await Promise.all([...Object.values(processes), ...Object.values(secondReplicas)].map((p) => p.stop()));
    await stopBalancers();
    await cleanup();
    throw err;
  }

  async function cleanup() {
    const c = new Client({ connectionString: pg });
    await c.connect();
    for (const s of services) await c.query(`drop database if exists shop_sys_${id}_${s} with (force)`);
    await c.end();
    try {
      rabbitmqctl(['delete_vhost', vhost]);
    } catch {
      /* already gone */
    }
    const redis = new Redis(redisUrl());
    const keysLeft = await redis.keys(`${namespace}*`);
    if (keysLeft.length) await redis.del(...keysLeft);
    redis.disconnect();
  }

  return {
    base: `http://127.0.0.1:${replicated ? balancers.gateway.port : ports.gateway}`,
    secondReplicas,
    replicaUrl: (name, replica) => `http://127.0.0.1:${replica === 1 ? ports[name] : ports2[name]}`,
    balancers: Object.fromEntries(Object.entries(balancers).map(([name, b]) => [name, b.served])),
    id,
    namespace,
    processes,
    urls,
    internalToken,
    databaseUrl: (s) => dbUrl(pg, `shop_sys_${id}_${s}`),
    vhost,
    async restart(s) {
      await processes[s].stop();
      await startService(s);
    },
    async kill(name, replica = 1) {
      const child = (replica === 1 ? processes[name] : secondReplicas[name]!).child;
      if (child.exitCode !== null || child.signalCode) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
    },
    async start(name, replica = 1) {
      if (replica === 2) await startSecond(name);
      else if (name === 'gateway') await startGateway();
      else await startService(name);
    },
    async stop() {
      await Promise.all([...Object.values(processes), ...Object.values(secondReplicas)].map((p) => p.stop()));
      await stopBalancers();
      await cleanup();
    },
  };
}
