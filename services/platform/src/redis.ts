import Redis from 'ioredis';

/** One ioredis client; commands fail fast instead of queueing forever while Redis is down. */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
}
export type { Redis };
