/**
 * Embedded mode: the whole shop in one Node process. Every service is still its own Express app on
 * its own loopback port, talking HTTP through the gateway exactly as in production, but they share
 * one PGlite (a schema each), one in-process event bus and in-memory rate limits. Data lives under
 * DATA_DIR (./data) and survives restarts.
 */
import { createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import {
  closeRuntime,
  closeServerGracefully,
  commonSettings,
  ConfigError,
  createLogger,
  createRuntime,
  exitOnTerminationSignal,
  InProcessBus,
  isRealPin,
  listen,
  loadConfig,
  MemoryAuthzState,
  MemoryRateLimitStore,
  openPglite,
  serveMetrics,
  settings as s,
  type Runtime,
  type ServiceInstance,
  type SharedRuntime,
} from '@shop/platform';
import { authOptionsOf, authServiceSettings, createAuthService } from '@shop/auth';
import { catalogOptionsOf, catalogServiceSettings, createCatalogService } from '@shop/catalog';
import { createCartService } from '@shop/cart';
import { createOrderService, orderOptionsOf, orderServiceSettings } from '@shop/order';
import { createMediaService, mediaOptionsOf, mediaServiceSettings } from '@shop/media';
import { corsOriginsOf, createGateway } from '@shop/gateway';
import { redeliverRestoredEvents, runningShopOn, serveOpsChannel } from './backup';

/**
 * The shop's settings: the launcher's own (where it listens, where data lives, the gateway's), then
 * every service's own settings, the same objects the services read in distributed mode (decision 0085).
 */
const embeddedSettings = {
  /** `production`: no GraphQL introspection or field suggestions, Secure cookies. */
  NODE_ENV: commonSettings.NODE_ENV,
  PORT: s.port.default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: commonSettings.LOG_LEVEL,
  SMTP_URL: s.url(['smtp:', 'smtps:']).optional(),
  PUBLIC_URL: s.url(['http:', 'https:']).optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  /** Comma-separated origins of partners' pages allowed to call the API with credentials. */
  CORS_ORIGINS: z.string().default(''),
  WEB_DIST: z.string().default(resolve(__dirname, '../../web/dist')),
  /** Port of GET /metrics for every service of the shop (label `service`); unset: not served. */
  METRICS_PORT: s.port.optional(),
  ...authServiceSettings,
  ...catalogServiceSettings,
  ...orderServiceSettings,
  ...mediaServiceSettings,
};

/** The RS256 key pair that signs access tokens, made on first start and kept under DATA_DIR. */
function loadOrCreateKeys(dataDir: string) {
  const dir = join(dataDir, 'keys');
  const file = join(dir, 'jwt-private.pem');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    writeFileSync(file, privateKey, { mode: 0o600 });
  }
  const privateKey = readFileSync(file, 'utf8');
  const publicKey = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
  return { privateKey, publicKey };
}

/** One process per DATA_DIR: PGlite has no lock of its own, and two on one folder would corrupt it. */
async function assertNoOtherShopOn(dataDir: string) {
  const pid = await runningShopOn(dataDir);
  if (pid !== undefined && pid !== process.pid) throw new ConfigError([`DATA_DIR: the shop in process ${pid} runs on ${dataDir}; stop it first (one shop per DATA_DIR)`]);
}

export async function startEmbedded(env: Record<string, string | undefined> = process.env) {
  const started = Date.now();
  const config = loadConfig(embeddedSettings, env);
  const authOptions = authOptionsOf(config);
  if (config.METRICS_PORT && config.METRICS_PORT === config.PORT) throw new ConfigError(['METRICS_PORT: must differ from PORT (metrics are never served on the shop port)']);
  const dataDir = resolve(config.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const logger = createLogger('shop', config.LOG_LEVEL);
  await assertNoOtherShopOn(dataDir);
  const keys = loadOrCreateKeys(dataDir);
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;

  const bus = new InProcessBus(logger);
  const shared: SharedRuntime = {
    pglite: await openPglite(join(dataDir, 'pglite')),
    bus,
    authz: new MemoryAuthzState(),
    rateLimitStore: new MemoryRateLimitStore(),
    logger,
    // Printed for a developer to read (e.g. a reset code); LOG_LEVEL=silent keeps the console quiet.
    printMail: !config.SMTP_URL && config.LOG_LEVEL !== 'silent',
  };
  const production = config.NODE_ENV === 'production';
  // A fresh secret each start for service-to-service calls that never pass the gateway, and for the
  // gateway to vouch for each caller's address.
  const internalToken = randomBytes(24).toString('hex');
  const runtimeSettings = { NODE_ENV: config.NODE_ENV, LOG_LEVEL: config.LOG_LEVEL, DATA_DIR: dataDir, SMTP_URL: config.SMTP_URL, INTERNAL_API_TOKEN: internalToken };
  const runtimes: Runtime[] = [];
  const runtime = async (name: string) => {
    const r = await createRuntime(name, runtimeSettings, { publicKey: keys.publicKey, shared });
    runtimes.push(r);
    return r;
  };

  // Some services call others; their ports are known only once every service listens.
  let mediaUrl: string | undefined;
  let catalogUrl: string | undefined;
  const auth = await createAuthService(await runtime('auth'), {
    ...authOptions,
    privateKey: keys.privateKey,
    mediaUrl: () => mediaUrl,
    publicUrl,
    // Secure cookies in production, and whenever the shop is reached over https.
    secureCookies: production || publicUrl.startsWith('https:'),
  });
  const mediaOptions = mediaOptionsOf({ ...config, DATA_DIR: dataDir });
  const mediaDir = resolve(mediaOptions.mediaDir);
  const media = await createMediaService(await runtime('media'), { ...mediaOptions, internalToken });
  const services: ServiceInstance[] = [
    auth,
    await createCatalogService(await runtime('catalog'), { ...catalogOptionsOf(config), mediaUrl: () => mediaUrl, internalToken, publicUrl }),
    await createCartService(await runtime('cart'), { catalogUrl: () => catalogUrl }),
    await createOrderService(await runtime('order'), {
      ...orderOptionsOf(config),
      catalogUrl: () => catalogUrl,
      internalToken,
      publicUrl,
      // India Post's PIN directory (decision 0066): a PIN it lacks gets no promise.
      pinDirectory: { isKnownPin: async (pin) => isRealPin(pin) },
    }),
    media,
  ];
  const servers = await Promise.all(services.map((svc) => listen(svc.app, 0, '127.0.0.1')));
  const urls = Object.fromEntries(
    services.map((svc, i) => [svc.name, `http://127.0.0.1:${(servers[i]!.address() as AddressInfo).port}`]),
  ) as Record<'auth' | 'catalog' | 'cart' | 'order' | 'media', string>;
  mediaUrl = urls.media;
  catalogUrl = urls.catalog;

  const gateway = await createGateway({
    urls,
    logger: logger.child({ service: 'gateway' }),
    production,
    publicUrl,
    webDist: config.WEB_DIST,
    corsOrigins: corsOriginsOf(config.CORS_ORIGINS),
    // Only an explicit PUBLIC_URL makes picture URLs absolute; the SPA keeps relative ones.
    mediaOrigin: config.PUBLIC_URL,
    rateLimitStore: shared.rateLimitStore,
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    events: shared.bus,
    internalToken,
  });
  const gatewayServer = await listen(gateway.app, config.PORT, config.HOST);
  // Separate from the shop's port, so shoppers never see it.
  const metricsServer = config.METRICS_PORT !== undefined ? await serveMetrics(config.METRICS_PORT, config.HOST) : undefined;
  const address = gatewayServer.address() as AddressInfo;
  const url = `http://localhost:${address.port}`;

  // Backups of the running shop (decision 0101): loopback only, never on PORT or METRICS_PORT.
  // A restored shop first hands on the events that were on their way at the backup's moment.
  const redelivered = await redeliverRestoredEvents(dataDir, bus);
  if (redelivered > 0) logger.info({ events: redelivered }, 'events of the restored backup delivered again');
  const opsChannel = await serveOpsChannel({ pglite: shared.pglite!, bus, dataDir, mediaDir, logger });

  // The gateway stops taking requests and finishes those in flight (which still reach the
  // services), then the services do the same; then background work and pools (decision 0050).
  async function stop() {
    await opsChannel.close();
    await Promise.all([closeServerGracefully(gatewayServer), metricsServer ? closeServerGracefully(metricsServer, 0) : undefined]);
    await Promise.all(servers.map((server) => closeServerGracefully(server)));
    await gateway.stop();
    for (const svc of services) await svc.stop();
    for (const r of runtimes) await closeRuntime(r);
    await shared.bus?.close();
    await shared.pglite?.close();
  }

  const metricsPort = metricsServer ? (metricsServer.address() as AddressInfo).port : undefined;
  // `database`: the shop's one PGlite, for tests and tools in this process (queries wait their turn).
  return { url, port: address.port, metricsPort, urls, stop, logger, startedInMs: Date.now() - started, adminBootstrap: auth.adminBootstrap, database: shared.pglite!, opsPort: opsChannel.port };
}

if (require.main === module) {
  startEmbedded()
    .then((shop) => {
      const lines = [`\nShopKart is ready at ${shop.url} (started in ${(shop.startedInMs / 1000).toFixed(1)} s)`];
      const admin = shop.adminBootstrap;
      if (admin?.created) {
        lines.push(`Admin account: ${admin.email}`);
        if (admin.password) lines.push(`Admin password (shown once, change it after logging in): ${admin.password}`);
      }
      process.stdout.write(`${lines.join('\n')}\n\n`);
      exitOnTerminationSignal(shop.logger, shop.stop);
    })
    .catch((err) => {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    });
}
