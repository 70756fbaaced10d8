import type { Redis } from 'ioredis';

/**
 * The current authorisation version of each user whose role changed or who was deleted. An access
 * token carries the version it was issued at; a token older than the current version is refused
 * on the very next request, so a demotion does not wait for the token to expire.
 */
export interface AuthzState {
  currentVersion(userId: string): Promise<number | undefined>;
  setVersion(userId: string, version: number): Promise<void>;
  /**
   * Ends one session (a refresh family, the `sid` of its access tokens) until `untilMs` (epoch ms),
   * when its last access token has expired anyway; a logout's access token is refused at once.
   */
  endSession(sessionId: string, untilMs: number): Promise<void>;
  isSessionEnded(sessionId: string): Promise<boolean>;
  /** Both questions a token check asks, in one round trip: the user's current version, and whether the session ended. */
  standing(userId: string, sessionId: string | undefined): Promise<{ version: number | undefined; sessionEnded: boolean }>;
}

export class MemoryAuthzState implements AuthzState {
  private readonly versions = new Map<string, number>();
  private readonly endedSessions = new Map<string, number>();
  async endSession(sessionId: string, untilMs: number) {
    const now = Date.now();
    for (const [id, until] of this.endedSessions) if (until <= now) this.endedSessions.delete(id);
    if (untilMs > now) this.endedSessions.set(sessionId, untilMs);
  }
  async isSessionEnded(sessionId: string) {
    return (this.endedSessions.get(sessionId) ?? 0) > Date.now();
  }
  async currentVersion(userId: string) {
    return this.versions.get(userId);
  }
  async standing(userId: string, sessionId: string | undefined) {
    return { version: this.versions.get(userId), sessionEnded: sessionId ? await this.isSessionEnded(sessionId) : false };
  }
  async setVersion(userId: string, version: number) {
    const prev = this.versions.get(userId) ?? 0;
    if (version > prev) this.versions.set(userId, version);
  }
}

export class RedisAuthzState implements AuthzState {
  constructor(private readonly redis: Redis, private readonly prefix = 'authz:v:') {}
  async endSession(sessionId: string, untilMs: number) {
    const ttl = untilMs - Date.now();
    if (ttl > 0) await this.redis.set(`${this.prefix}sid:${sessionId}`, '1', 'PX', ttl);
  }
  async isSessionEnded(sessionId: string) {
    return (await this.redis.exists(`${this.prefix}sid:${sessionId}`)) === 1;
  }
  async currentVersion(userId: string) {
    const v = await this.redis.get(this.prefix + userId);
    return v === null ? undefined : Number(v);
  }
  async standing(userId: string, sessionId: string | undefined) {
    if (!sessionId) return { version: await this.currentVersion(userId), sessionEnded: false };
    // One MGET: the version key, and the ended-session key (set to '1' by endSession).
    const [v, ended] = await this.redis.mget(this.prefix + userId, `${this.prefix}sid:${sessionId}`);
    return { version: v === null || v === undefined ? undefined : Number(v), sessionEnded: ended !== null && ended !== undefined };
  }
  async setVersion(userId: string, version: number) {
    // Only ever raise the version (events may arrive out of order).
    await this.redis.eval(
      "local c = tonumber(redis.call('get', KEYS[1]) or '0') if tonumber(ARGV[1]) > c then redis.call('set', KEYS[1], ARGV[1]) end return 1",
      1,
      this.prefix + userId,
      String(version),
    );
  }
}
