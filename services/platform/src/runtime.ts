import { createServer, type RequestListener, type Server } from 'node:http';
import type { PGlite } from '@electric-sql/pglite';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import { z } from 'zod';
import { commonSettings, loadConfig, readPem, settings as settingsHelpers } from './config';
import { authenticate, createTokenVerifier, type TokenVerifier } from './auth';
import { MemoryAuthzState, RedisAuthzState, type AuthzState } from './authz-state';
import { openDatabase, type Database } from './db';
import { errorHandler, notFoundHandler } from './errors';
import type { EventBus } from './events/event-bus';
import { InProcessBus } from './events/in-process-bus';
import { startOutboxRelay, type OutboxRelay } from './events/outbox';
import { RabbitBus } from './events/rabbitmq-bus';
import { idempotentHandler, routeByType } from './events/consumer';
import { mountHealthRoutes } from './health';
import { createLogger, type Logger } from './logger';
import { outboxMailer, smtpMailer, type Mailer } from './mailer';
import { runMigrations } from './migrate';
import { MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from './rate-limit';
import { createRedis, pingRedis, type Redis } from './redis';
import { clientAddressFromGateway, inSeries, requestContext } from './request-context';
import { httpMetrics, metricsHandler } from './telemetry/metrics';
import { shutdownTracing } from './telemetry/tracing';
import { sampleServiceGauges } from './telemetry/service-gauges';
import { BACKGROUND_STOP_MS, closeServerGracefully, exitOnTerminationSignal, settleOrCut } from './shutdown';

/** What a service needs from the outside world; built from settings, or shared in embedded mode. */
export interface Runtime {
  service: string;
  /** The PostgreSQL schema that holds this service's tables. */
  schema: string;
  logger: Logger;
  database: Database;
  bus: EventBus;
  authz: AuthzState;
  verifier: TokenVerifier;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  redis?: Redis;
  production: boolean;
  clock: () => Date;
  /** Shared secret of service-to-service calls; also how the gateway vouches for the caller's address. */
  internalToken?: string;
}

export interface RuntimeSettings {
  NODE_ENV: 'development' | 'production' | 'test';
  LOG_LEVEL: string;
  DATABASE_URL?: string;
  DATA_DIR: string;
  RABBITMQ_URL?: string;
  REDIS_URL?: string;
  JWT_PUBLIC_KEY?: string;
  SMTP_URL?: string;
  NAMESPACE?: string;
  INTERNAL_API_TOKEN?: string;
}

/** Shared pieces the embedded launcher hands to every service (one PGlite, one bus, one memory store). */
export interface SharedRuntime {
  pglite?: PGlite;
  bus?: EventBus;
  authz?: AuthzState;
  rateLimitStore?: MemoryRateLimitStore;
  logger?: Logger;
  /** Print mails to the console when there is no SMTP server (embedded mode). */
  printMail?: boolean;
  /** Prefix for Redis keys and RabbitMQ names, so parallel test runs never meet. */
  namespace?: string;
}

export async function createRuntime(
  service: string,
  settings: RuntimeSettings,
  opts: { publicKey: string; shared?: SharedRuntime; namedStatements?: boolean; pipelined?: boolean },
): Promise<Runtime> {
  const shared: SharedRuntime = { namespace: settings.NAMESPACE || undefined, ...opts.shared };
  const logger = shared.logger?.child({ service }) ?? createLogger(service, settings.LOG_LEVEL);
  const database = await openDatabase({ url: settings.DATABASE_URL, pglite: shared.pglite, dataDir: `${settings.DATA_DIR}/${service}-db`, logger, namedStatements: opts.namedStatements, pipelined: opts.pipelined });
  const redis = settings.REDIS_URL ? createRedis(settings.REDIS_URL) : undefined;
  redis?.on('error', (err) => logger.warn({ err: String(err) }, 'Redis error'));

  let bus: EventBus;
  if (settings.RABBITMQ_URL) {
    const rabbit = new RabbitBus({ url: settings.RABBITMQ_URL, logger, namespace: shared.namespace });
    await rabbit.start();
    bus = rabbit;
  } else {
    bus = shared.bus ?? new InProcessBus(logger);
  }
  const ns = shared.namespace ?? '';
  const authz = redis ? new RedisAuthzState(redis, `${ns}authz:v:`) : (shared.authz ?? new MemoryAuthzState());
  const rateLimiter = new RateLimiter(redis ? new RedisRateLimitStore(redis, `${ns}rl:${service}:`) : (shared.rateLimitStore ?? new MemoryRateLimitStore()));
  const schema = service;
  const mailer = settings.SMTP_URL
    ? smtpMailer({ url: settings.SMTP_URL, db: database.db, schema, logger })
    : outboxMailer({ db: database.db, schema, logger, print: shared.printMail ?? false });
  return {
    service,
    schema,
    logger,
    database,
    bus,
    authz,
    verifier: createTokenVerifier(opts.publicKey, authz),
    rateLimiter,
    mailer,
    redis,
    production: settings.NODE_ENV === 'production',
    clock: () => new Date(),
    internalToken: settings.INTERNAL_API_TOKEN,
  };
}

/** Express app with request ids, cookies, principal resolution and health routes in place. */
export function createServiceApp(runtime: Runtime): Express {
  const app = express();
  app.disable('x-powered-by');
  // Only the gateway says who the caller is (decision 0022); X-Forwarded-For means nothing here.
  app.set('trust proxy', false);
  // Steps every request takes run as one middleware each side of the health routes (a router
  // layer costs about as much as the work of each).
  app.use(inSeries(requestContext(runtime.logger), httpMetrics(runtime.service)));
  // Prometheus scrapes each service on its own port; the gateway never forwards /metrics.
  app.get('/metrics', metricsHandler);
  // Ready = the service can answer its own requests: its database and Redis (settings were checked at start).
  // The broker is reported, never required: the outbox holds events through an outage (decision 0021).
  // Redis, when set, holds the authorisation versions every logged-in request is checked against.
  const redis = runtime.redis;
  mountHealthRoutes(app, runtime.service, { database: () => runtime.database.ping(), ...(redis ? { redis: () => pingRedis(redis) } : {}) }, { events: () => runtime.bus.state() });
  app.use(inSeries(clientAddressFromGateway(runtime.internalToken), cookieParser(), authenticate(runtime.verifier)));
  return app;
}

/** Adds the 404 and error handlers; call after the routes. */
export function finishServiceApp(app: Express, runtime: Runtime) {
  app.use(notFoundHandler);
  app.use(errorHandler(runtime.logger));
}

/**
 * Keeps this service's copy of user authorisation versions current from auth's events, so a
 * demoted or deleted user's old token stops working even without a shared Redis.
 */
export async function followAuthzEvents(runtime: Runtime) {
  const common = { db: runtime.database.db, schema: runtime.schema, consumer: `${runtime.service}.authz` };
  await runtime.bus.subscribe({
    queue: `${runtime.service}.authz`,
    types: ['UserRoleChanged', 'UserDeleted', 'UserSessionsEnded', 'SessionEnded'],
    handler: routeByType({
      UserRoleChanged: idempotentHandler({ ...common, type: 'UserRoleChanged', handle: async (_tx, p) => runtime.authz.setVersion(p.userId, p.authzVersion) }),
      UserDeleted: idempotentHandler({ ...common, type: 'UserDeleted', handle: async (_tx, p) => runtime.authz.setVersion(p.userId, p.authzVersion) }),
      UserSessionsEnded: idempotentHandler({ ...common, type: 'UserSessionsEnded', handle: async (_tx, p) => runtime.authz.setVersion(p.userId, p.authzVersion) }),
      SessionEnded: idempotentHandler({ ...common, type: 'SessionEnded', handle: async (_tx, p) => runtime.authz.endSession(p.sessionId, p.expiresAt) }),
    }),
  });
}

export interface RunningService {
  relay: OutboxRelay;
  stop(): Promise<void>;
}

/** Applies migrations and starts the outbox relay and, with SMTP, the pass that sends recorded mails. */
export async function prepareService(
  runtime: Runtime,
  migrationsDir: string,
  /** How the service's relay folds a pass's events and waits for more (see startOutboxRelay). */
  relayOptions: Pick<Parameters<typeof startOutboxRelay>[0], 'coalesce' | 'kickDelayMs'> = {},
): Promise<RunningService> {
  await runMigrations(runtime.database, runtime.schema, migrationsDir);
  const relay = startOutboxRelay({ db: runtime.database.db, schema: runtime.schema, bus: runtime.bus, logger: runtime.logger, source: runtime.service, ...relayOptions });
  const stopSampling = sampleServiceGauges(runtime);
  const mailPass = () =>
    runtime.mailer.deliverPending().catch((err) => {
      runtime.logger.warn({ err: String(err) }, 'mail delivery pass failed; will retry');
      return 0;
    });
  const mailTimer = runtime.mailer.transport === 'smtp' ? setInterval(() => void mailPass(), 2_000) : undefined;
  mailTimer?.unref();
  return {
    relay,
    async stop() {
      stopSampling();
      if (mailTimer) clearInterval(mailTimer);
      await relay.stop();
    },
  };
}

export async function closeRuntime(runtime: Runtime, { closeShared = false } = {}) {
  if (runtime.bus.kind === 'rabbitmq' || closeShared) await runtime.bus.close();
  // Independent of each other once the consumers are done: side by side, so two peers that stopped
  // answering cost one wait, not two (each is bounded: GOODBYE_MS, Redis' command timeout).
  await Promise.all([runtime.database.close(), runtime.redis?.quit().catch(() => runtime.redis?.disconnect())]);
}

export function listen(app: Express | RequestListener, port: number, host = '127.0.0.1'): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(app as RequestListener);
    server.keepAliveTimeout = 65_000;
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** A built service: its Express app (REST + /graphql + health) and how to stop its background work. */
export interface ServiceInstance {
  name: string;
  app: Express;
  stop(): Promise<void>;
}

/**
 * Distributed-mode entry point shared by every service: settings from the environment (clear
 * errors and exit 1 when invalid), runtime, listen, and a graceful stop on SIGTERM/SIGINT.
 */
export async function runServiceMain<S extends typeof commonSettings & { PORT: z.ZodType<number> }>(
  name: string,
  shape: S,
  /** Builds the service from its runtime and its settings, read from the environment once, here. */
  create: (runtime: Runtime, config: z.output<z.ZodObject<S>>) => Promise<ServiceInstance>,
  /**
   * namedStatements: every parameterised statement as a prepared statement (services whose hot
   * paths repeat a few statements); pipelined: connections that take several statements in one
   * write (foldedTransaction, decision 0038).
   */
  options: { namedStatements?: boolean; pipelined?: boolean } = {},
) {
  let config: RuntimeSettings & { PORT: number; HOST: string };
  try {
    // One message names every missing or bad setting, so an operator fixes them in one go.
    config = loadConfig({
      ...shape,
      JWT_PUBLIC_KEY: z.string({ error: 'is required (PEM of the auth service public key)' }),
      SMTP_URL: settingsHelpers.url(['smtp:', 'smtps:']).optional(),
    }) as unknown as RuntimeSettings & { PORT: number; HOST: string };
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
  let runtime: Runtime;
  try {
    runtime = await createRuntime(name, config, { publicKey: readPem(config.JWT_PUBLIC_KEY)!, namedStatements: options.namedStatements, pipelined: options.pipelined });
  } catch (err) {
    // e.g. no DATABASE_URL in the image, which has no embedded database: one line, exit 1.
    process.stderr.write(`${name}: ${(err as Error).message}\n`);
    process.exit(1);
  }
  const instance = await create(runtime, config as unknown as z.output<z.ZodObject<S>>);
  const server = await listen(instance.app, config.PORT, config.HOST);
  runtime.logger.info({ port: config.PORT }, `${name} service listening`);
  stopOnTerminationSignal(runtime, server, instance);
}

/**
 * The stop of a service process on SIGTERM/SIGINT (decision 0050): stop taking requests and finish
 * those in flight, then the background work (relay, jobs, timers), then the consumers and the
 * pools; exit 0 when everything stopped. Every wait on a peer is bounded (decision 0079), so a
 * broker, database or Redis that stopped answering costs seconds, not the whole grace period.
 */
export function stopOnTerminationSignal(runtime: Runtime, server: Server, instance: Pick<ServiceInstance, 'stop'>) {
  exitOnTerminationSignal(runtime.logger, async () => {
    await closeServerGracefully(server);
    // A pass still waiting on a peer is left behind: closing the pools below ends it, and what it
    // did not commit is done again by the next process (the outbox and the jobs resume).
    const finished = await settleOrCut(instance.stop(), BACKGROUND_STOP_MS, () => undefined);
    if (!finished) runtime.logger.warn({ waitedMs: BACKGROUND_STOP_MS }, 'background work did not finish its pass; left to the next process');
    await closeRuntime(runtime);
    await shutdownTracing();
  });
}
