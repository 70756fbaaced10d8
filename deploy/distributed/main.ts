/**
 * `npm run start:distributed`: the whole shop on one machine in distributed mode. Against the
 * PostgreSQL, RabbitMQ and Redis given by URL it creates what is missing (a database per service,
 * the virtual host), makes the token key pair and the internal token once under DATA_DIR, then
 * runs the five services and the gateway as separate processes, restarts one that dies and stops
 * them all on Ctrl-C. Every other setting in the environment reaches every process unchanged.
 */
import { resolve, join } from 'node:path';
import { z } from 'zod';
import { loadConfig, settings as s } from '@shop/platform/src/config';
import { ensureDatabases, ensureVhost, loadOrCreateSecrets, serviceDatabaseUrl, serviceNames, type ServiceName } from './infrastructure';
import { Supervisor } from './supervisor';

const launcherSettings = {
  DATABASE_URL: s.url(['postgres:', 'postgresql:']),
  RABBITMQ_URL: s.url(['amqp:', 'amqps:']),
  REDIS_URL: s.url(['redis:', 'rediss:']),
  /** Databases are named `<DB_PREFIX>_<service>`. */
  DB_PREFIX: z.string().regex(/^[a-z_][a-z0-9_]*$/, 'only lower-case letters, digits and "_"').default('shop'),
  PORT: s.port.default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** auth listens here, catalog on the next port, then cart, order, media (loopback only). */
  SERVICE_PORT_BASE: s.port.default(4001),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: s.url(['http:', 'https:']).optional(),
  INTERNAL_API_TOKEN: z.string().min(24, 'must be at least 24 characters long').optional(),
};

const root = resolve(__dirname, '../..');
const say = (line: string) => process.stdout.write(`[start:distributed] ${line}\n`);

async function waitReady(url: string, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

async function main() {
  let config: ReturnType<typeof loadConfig<typeof launcherSettings>>;
  try {
    config = loadConfig(launcherSettings);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\nSee README.md, "Distributed".\n`);
    process.exit(1);
  }
  const dataDir = resolve(config.DATA_DIR);
  try {
    const created = await ensureDatabases(config.DATABASE_URL, config.DB_PREFIX);
    if (created.length) say(`created databases ${created.join(', ')}`);
    if ((await ensureVhost(config.RABBITMQ_URL)) === 'created') say(`created RabbitMQ virtual host and permissions for ${config.RABBITMQ_URL.replace(/\/\/[^@]*@/, '//')}`);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
  const secrets = loadOrCreateSecrets(dataDir);
  const internalToken = config.INTERNAL_API_TOKEN ?? secrets.internalToken;
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;

  const port = Object.fromEntries(serviceNames.map((name, i) => [name, config.SERVICE_PORT_BASE + i])) as Record<ServiceName, number>;
  const url = Object.fromEntries(serviceNames.map((name) => [name, `http://127.0.0.1:${port[name]}`])) as Record<ServiceName, string>;
  const inherited = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  // INTERNAL_API_TOKEN goes to every service and the gateway: internal routes, and the gateway
  // vouching for each caller's address (decision 0022).
  const common = { ...inherited, DATA_DIR: dataDir, RABBITMQ_URL: config.RABBITMQ_URL, REDIS_URL: config.REDIS_URL, JWT_PUBLIC_KEY: secrets.publicKey, INTERNAL_API_TOKEN: internalToken };
  const perService: Record<ServiceName, Record<string, string>> = {
    auth: { JWT_PRIVATE_KEY: secrets.privateKey, PUBLIC_URL: publicUrl, MEDIA_URL: url.media },
    catalog: { MEDIA_URL: url.media },
    cart: { CATALOG_URL: url.catalog },
    order: { CATALOG_URL: url.catalog, PUBLIC_URL: publicUrl },
    media: { MEDIA_DIR: join(dataDir, 'media') },
  };

  const supervisor = new Supervisor({ report: say });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    say('stopping every process');
    // The gateway first: it finishes its requests while the services still answer them.
    const clean = await supervisor.stop(10_000, ['gateway']);
    say(clean ? 'every process stopped' : 'some process did not stop cleanly');
    process.exit(clean ? 0 : 1);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  for (const name of serviceNames) {
    supervisor.start({
      name,
      cwd: root,
      args: ['--import', 'tsx', join(root, `services/${name}/src/main.ts`)],
      env: {
        ...common,
        ...perService[name],
        HOST: '127.0.0.1',
        PORT: String(port[name]),
        DATABASE_URL: serviceDatabaseUrl(config.DATABASE_URL, config.DB_PREFIX, name),
      },
    });
  }
  const servicesReady = await Promise.all(serviceNames.map((name) => waitReady(`${url[name]}/readyz`, 120_000)));
  serviceNames.forEach((name, i) => !servicesReady[i] && say(`${name} is not ready yet (see its log lines); still trying`));
  if (stopping) return;

  supervisor.start({
    name: 'gateway',
    cwd: root,
    args: ['--import', 'tsx', join(root, 'gateway/src/main.ts')],
    env: {
      ...inherited,
      PORT: String(config.PORT),
      HOST: config.HOST,
      RABBITMQ_URL: config.RABBITMQ_URL,
      REDIS_URL: config.REDIS_URL,
      INTERNAL_API_TOKEN: internalToken,
      PUBLIC_URL: publicUrl,
      AUTH_URL: url.auth,
      CATALOG_URL: url.catalog,
      CART_URL: url.cart,
      ORDER_URL: url.order,
      MEDIA_URL: url.media,
      WEB_DIST: process.env.WEB_DIST ?? join(root, 'web/dist'),
    },
  });
  if (await waitReady(`http://127.0.0.1:${config.PORT}/readyz`, 60_000)) {
    say(`ShopKart (distributed) is ready at http://localhost:${config.PORT} — Ctrl-C stops every process`);
  }
}

void main();
