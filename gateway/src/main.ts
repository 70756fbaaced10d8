import { createLogger, createRedis, listen, loadConfig, RabbitBus } from '@shop/platform';
import { createGateway, gatewaySettings } from './app';

async function main() {
  let config;
  try {
    config = loadConfig(gatewaySettings);
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
    webDist: config.WEB_DIST,
    corsOrigins: config.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean),
    redis,
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
    trustProxy: config.TRUST_PROXY === 'false' ? false : config.TRUST_PROXY === 'true' ? true : config.TRUST_PROXY,
    responseCacheBytes: config.RESPONSE_CACHE_MB * 1024 * 1024,
    events,
  });
  const server = await listen(gateway.app, config.PORT, config.HOST);
  logger.info({ port: config.PORT }, 'gateway listening');
  const shutdown = async () => {
    server.close();
    server.closeIdleConnections();
    await gateway.stop();
    await events?.close();
    redis?.disconnect();
    process.exit(0);
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

void main();
