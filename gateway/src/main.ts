import './tracing';
import { closeServerGracefully, ConfigError, createLogger, createRedis, exitOnTerminationSignal, listen, loadConfig, RabbitBus, serveMetrics, shutdownTracing } from '@shop/platform';
import { corsOriginsOf, createGateway, gatewaySettings } from './app';

async function main() {
  let config;
  try {
    config = loadConfig(gatewaySettings);
    if (config.METRICS_PORT !== undefined && config.METRICS_PORT === config.PORT) throw new ConfigError(['METRICS_PORT: must differ from PORT (metrics are never served on the public port)']);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  }
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const redis = config.REDIS_URL ? createRedis(config.REDIS_URL) : undefined;
  redis?.on('error', (err) => logger.warn({ err: String(err) }, 'Redis error'));
  // Only to hear catalog changes (cache purges); the gateway publishes nothing.
  const events = config.RABBITMQ_URL ? new RabbitBus({ url: config.RABBITMQ_URL, logger, namespace: config.NAMESPACE || undefined }) : undefined;
  await events?.start();
  const gateway = await createGateway({
    urls: { auth: config.AUTH_URL, catalog: config.CATALOG_URL, cart: config.CART_URL, order: config.ORDER_URL, media: config.MEDIA_URL },
    logger,
    production: config.NODE_ENV === 'production',
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    webDist: config.WEB_DIST,
    corsOrigins: corsOriginsOf(config.CORS_ORIGINS),
    mediaOrigin: config.PUBLIC_URL,
    redis,
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    trustProxy: config.TRUST_PROXY === 'false' ? false : config.TRUST_PROXY === 'true' ? true : config.TRUST_PROXY,
    responseCacheBytes: config.RESPONSE_CACHE_MB * 1024 * 1024,
    events,
    namespace: config.NAMESPACE,
    internalToken: config.INTERNAL_API_TOKEN,
  });
  const server = await listen(gateway.app, config.PORT, config.HOST);
  logger.info({ port: config.PORT }, 'gateway listening');
  // Prometheus on its own port, never the public one.
  const metricsServer = config.METRICS_PORT ? await serveMetrics(config.METRICS_PORT, config.HOST) : undefined;
  if (metricsServer) logger.info({ port: config.METRICS_PORT }, 'metrics at /metrics');
  // Stop taking requests and finish those in flight, then Apollo, the purge listener and Redis;
  // bounded, exit 0 when everything stopped (decision 0050).
  exitOnTerminationSignal(logger, async () => {
    await Promise.all([closeServerGracefully(server), metricsServer ? closeServerGracefully(metricsServer, 0) : undefined]);
    await gateway.stop();
    await events?.close();
    await redis?.quit().catch(() => redis.disconnect());
    await shutdownTracing();
  });
}

void main();
