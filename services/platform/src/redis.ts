import Redis from 'ioredis';

/**
 * How long one Redis command may take before it fails. Without it a Redis whose address stopped
 * answering (no reset, no refusal) held every request for the operating system's TCP timeout,
 * about 15 minutes; now rate limits let the request through and /readyz names Redis.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;

/** One ioredis client; commands fail fast instead of queueing forever while Redis is down or silent. */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
    lazyConnect: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    keepAlive: 10_000,
  });
}

/** Readiness check: Redis answers a PING (within the command timeout). */
export async function pingRedis(redis: Redis): Promise<void> {
  const reply = await redis.ping();
  if (reply !== 'PONG') throw new Error(`Redis answered ${reply}`);
}
export type { Redis };
