import type { RequestHandler, Request } from 'express';
import type { Redis } from 'ioredis';
import { tooManyRequests } from './errors';
import { clientAddress } from './request-context';

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/** Fixed-window counters: Redis when configured (shared by every instance), memory otherwise. */
export interface RateLimitStore {
  /** Adds `amount` (default 1) to the key's window and answers the new count. */
  hit(key: string, windowMs: number, amount?: number): Promise<{ count: number; resetInMs: number }>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = Date.now();

  async hit(key: string, windowMs: number, amount = 1) {
    const now = Date.now();
    if (now - this.lastSweep > 60_000) this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += amount;
    return { count: w.count, resetInMs: w.resetAt - now };
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    this.lastSweep = now;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

export class RedisRateLimitStore implements RateLimitStore {
  constructor(private readonly redis: Redis, private readonly prefix = 'rl:') {}

  async hit(key: string, windowMs: number, amount = 1) {
    const k = this.prefix + key;
    const [[, count], [, ttl]] = (await this.redis.multi().incrby(k, amount).pttl(k).exec()) as [[null, number], [null, number]];
    if (ttl < 0) {
      await this.redis.pexpire(k, windowMs);
      return { count, resetInMs: windowMs };
    }
    return { count, resetInMs: ttl };
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }
}

export class RateLimiter {
  constructor(private readonly store: RateLimitStore) {}

  /** Counts `amount` requests (e.g. one per GraphQL root field) against the key's limit. */
  async check(key: string, limit: number, windowMs: number, amount = 1): Promise<RateLimitResult> {
    const { count, resetInMs } = await this.store.hit(key, windowMs, amount);
    return { allowed: count <= limit, remaining: Math.max(0, limit - count), retryAfterSeconds: Math.ceil(resetInMs / 1000) };
  }

  /** Throws a 429 AppError once the limit is passed. */
  async consume(key: string, limit: number, windowMs: number, message?: string, amount = 1): Promise<void> {
    const r = await this.check(key, limit, windowMs, amount);
    if (!r.allowed) throw tooManyRequests(message);
  }

  reset(key: string) {
    return this.store.reset(key);
  }

  /** Express middleware limiting by client address (and an optional key part). */
  middleware(opts: { name: string; limit: number; windowMs: number; message?: string; key?: (req: Request) => string }): RequestHandler {
    return async (req, res, next) => {
      try {
        const key = `${opts.name}:${opts.key ? opts.key(req) : clientAddress(req)}`;
        const r = await this.check(key, opts.limit, opts.windowMs);
        res.setHeader('RateLimit-Limit', String(opts.limit));
        res.setHeader('RateLimit-Remaining', String(r.remaining));
        if (!r.allowed) {
          res.setHeader('Retry-After', String(r.retryAfterSeconds));
          next(tooManyRequests(opts.message));
          return;
        }
        next();
      } catch (err) {
        // A rate-limit store outage must not take the shop down: let the request through.
        next();
      }
    };
  }
}
