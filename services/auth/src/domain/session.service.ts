import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import { authMessages, messages, type LoginInput, type PublicUser } from '@shop/proto-contracts';
import { enqueueEvent, JWT_ALGORITHM, JWT_ISSUER, makeEvent, tooManyRequests, unauthenticated, type Db, type Tx } from '@shop/platform';
import { refreshTokens, users, type UserRow } from '../db/schema';
import type { AuthDeps } from './auth-deps';
import { verifyAgainstDummy, verifyPassword } from './password';
import { toPublicUser } from './public-user';

/** What a login hands the caller: set both as httpOnly cookies. */
export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  accessMaxAgeMs: number;
  refreshMaxAgeMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * An RS256 access token with the claims every service reads (`sub, role, email, name, av, sid`,
 * `emailVerified`: the email in this token was proven when it was issued, decision 0042).
 */
export function signAccessToken(deps: Pick<AuthDeps, 'tokens'>, user: UserRow, sessionId: string): string {
  const emailVerified = user.emailVerifiedAt !== null;
  return jwt.sign({ role: user.role, email: user.email, name: user.name, av: user.authzVersion, sid: sessionId, emailVerified }, deps.tokens.privateKey, {
    algorithm: JWT_ALGORITHM,
    issuer: JWT_ISSUER,
    subject: user.id,
    expiresIn: deps.tokens.accessTtlSeconds,
  });
}

/**
 * A fresh access token for a session that goes on (same session id, no new refresh token), with
 * the account's current claims: given when the owner verifies the email while logged in, so the
 * services hear `emailVerified` at once rather than at the next refresh. None for an account gone.
 */
export async function freshAccessToken(deps: AuthDeps, userId: string, sessionId: string): Promise<{ accessToken: string; accessMaxAgeMs: number } | undefined> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  return { accessToken: signAccessToken(deps, user, sessionId), accessMaxAgeMs: deps.tokens.accessTtlSeconds * 1000 };
}

/**
 * Starts a session (or continues a refresh family): a fresh access token with the user's current
 * role and authorisation version, and a new refresh token of which only the hash is stored.
 */
export async function issueSession(deps: AuthDeps, db: Db | Tx, user: UserRow, familyId: string = randomUUID()): Promise<IssuedSession> {
  const refreshToken = randomBytes(32).toString('base64url');
  const refreshMaxAgeMs = deps.tokens.refreshTtlDays * DAY_MS;
  await db.insert(refreshTokens).values({
    tokenHash: sha256(refreshToken),
    familyId,
    userId: user.id,
    expiresAt: new Date(deps.clock().getTime() + refreshMaxAgeMs),
  });
  return { accessToken: signAccessToken(deps, user, familyId), refreshToken, accessMaxAgeMs: deps.tokens.accessTtlSeconds * 1000, refreshMaxAgeMs };
}

/**
 * Logs in with email and password. Every failure reads the same and takes about the same time,
 * so the answer never tells which emails have an account.
 */
export async function login(deps: AuthDeps, input: LoginInput, caller: { ip: string }): Promise<{ user: PublicUser; session: IssuedSession }> {
  const limits = deps.loginLimits;
  const accountKey = loginFailuresKey(input.email);
  const addressKey = `login-fail:address:${caller.ip}`;
  await deps.rateLimiter.consume(`login:address:${caller.ip}`, limits.attemptsPerAddress, limits.windowMs);
  // Looked at (amount 0) before the password is checked; counted only when it is wrong.
  const [account, address] = await Promise.all([
    deps.rateLimiter.check(accountKey, limits.failuresPerAccount - 1, limits.windowMs, 0),
    deps.rateLimiter.check(addressKey, limits.failuresPerAddress - 1, limits.windowMs, 0),
  ]);
  if (!account.allowed || !address.allowed) throw tooManyRequests(authMessages.tooManyFailedLogins);
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email));
  const ok = user ? await verifyPassword(input.password, user.passwordHash) : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    await Promise.all([deps.rateLimiter.check(accountKey, limits.failuresPerAccount, limits.windowMs), deps.rateLimiter.check(addressKey, limits.failuresPerAddress, limits.windowMs)]);
    throw unauthenticated(authMessages.invalidCredentials);
  }
  // The owner got in: their account's failures no longer count (the address's still do).
  await deps.rateLimiter.reset(accountKey);
  // Expired rows are of no use for reuse detection any more; drop them while we are here.
  await deps.db.delete(refreshTokens).where(and(eq(refreshTokens.userId, user.id), lt(refreshTokens.expiresAt, deps.clock())));
  const session = await issueSession(deps, deps.db, user);
  return { user: toPublicUser(user), session };
}

/** The counter of an account's failed logins; a password reset clears it (the owner proved themself). */
export const loginFailuresKey = (email: string) => `login-fail:account:${email}`;

type RotateOutcome = { kind: 'ok'; session: IssuedSession } | { kind: 'refused'; ended?: { familyId: string; expiresAt: number } };

/**
 * How long a just-rotated refresh token may still be exchanged. Two tabs of one browser whose
 * access tokens expire together both refresh with the same cookie within milliseconds; without this
 * leeway the second would look like theft and log the shopper out everywhere.
 */
export const REFRESH_REUSE_GRACE_MS = 20_000;

/**
 * Exchanges a refresh token for a new pair. The presented token is marked used; presenting it again
 * within REFRESH_REUSE_GRACE_MS gives another pair of the same family (a concurrent refresh), later
 * it means the token was stolen (or replayed), so its whole family is revoked.
 */
export async function rotateRefreshToken(deps: AuthDeps, presented: string | undefined): Promise<IssuedSession> {
  if (!presented) throw unauthenticated(messages.sessionExpired);
  const now = deps.clock();
  const tokenHash = sha256(presented);
  // The revocation must commit even though the caller gets an error, so the tx returns an outcome.
  const outcome = await deps.db.transaction(async (tx): Promise<RotateOutcome> => {
    const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).for('update');
    if (!row) return { kind: 'refused' };
    const concurrent = row.usedAt !== null && now.getTime() - row.usedAt.getTime() <= REFRESH_REUSE_GRACE_MS;
    if (row.revokedAt) return { kind: 'refused' };
    if (row.usedAt && !concurrent) {
      // A thief may hold the access token issued with it, or the newer pair: the session ends
      // everywhere at once, access tokens included, as a logout would end it.
      await revokeFamily(tx, row.familyId, now);
      const expiresAt = now.getTime() + deps.tokens.accessTtlSeconds * 1000;
      await enqueueEvent(tx, deps.schema, makeEvent('auth', 'SessionEnded', { sessionId: row.familyId, expiresAt }));
      return { kind: 'refused', ended: { familyId: row.familyId, expiresAt } };
    }
    if (row.expiresAt <= now) return { kind: 'refused' };
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
    if (!user) return { kind: 'refused' };
    // The first use is what the grace period counts from.
    if (!row.usedAt) await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.tokenHash, tokenHash));
    return { kind: 'ok', session: await issueSession(deps, tx, user, row.familyId) };
  });
  if (outcome.kind === 'refused') {
    if (outcome.ended) await endSessionNow(deps, outcome.ended.familyId, outcome.ended.expiresAt);
    throw unauthenticated(messages.sessionExpired);
  }
  return outcome.session;
}

/**
 * Ends the session of a refresh token (its whole family) or of an access token (`sessionId`, its
 * `sid`): the refresh tokens stop working and so do its access tokens, at once in every service.
 * Unknown tokens are ignored.
 */
export async function logout(deps: AuthDeps, presented: string | undefined, sessionId?: string): Promise<void> {
  const families = new Set<string>(sessionId ? [sessionId] : []);
  if (presented) {
    const [row] = await deps.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(presented)));
    if (row) families.add(row.familyId);
  }
  if (families.size === 0) return;
  const now = deps.clock();
  // Its access tokens live at most this long; after that the mark is of no use.
  const expiresAt = now.getTime() + deps.tokens.accessTtlSeconds * 1000;
  await deps.db.transaction(async (tx) => {
    for (const familyId of families) {
      await revokeFamily(tx, familyId, now);
      await enqueueEvent(tx, deps.schema, makeEvent('auth', 'SessionEnded', { sessionId: familyId, expiresAt }));
    }
  });
  for (const familyId of families) await endSessionNow(deps, familyId, expiresAt, false);
  deps.publishEvents();
}

/**
 * Marks a session ended in the shared authz state straight away (its SessionEnded event, already
 * committed, does the same wherever it arrives, should this fail).
 */
async function endSessionNow(deps: AuthDeps, familyId: string, expiresAt: number, publish = true): Promise<void> {
  try {
    await deps.authz.endSession(familyId, expiresAt);
  } catch (err) {
    deps.logger.warn({ err: String(err) }, 'could not end the session in the authz state directly');
  }
  if (publish) deps.publishEvents();
}

async function revokeFamily(db: Db | Tx, familyId: string, now: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Ends every session of a user (after a password change or reset): revokes their refresh families
 * and raises the authorisation version, so every access token issued before is refused too.
 * Call `announceAuthzVersion` with the answer after the transaction commits.
 */
export async function endAllSessions(deps: AuthDeps, tx: Tx, userId: string, now: Date): Promise<number> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  const [row] = await tx
    .update(users)
    .set({ authzVersion: sql`${users.authzVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ authzVersion: users.authzVersion });
  const authzVersion = row?.authzVersion ?? 0;
  await enqueueEvent(tx, deps.schema, makeEvent('auth', 'UserSessionsEnded', { userId, authzVersion }));
  return authzVersion;
}

/** After commit: raise the version in the shared authz state now, and publish the outbox event. */
export async function announceAuthzVersion(deps: AuthDeps, userId: string, version: number) {
  try {
    await deps.authz.setVersion(userId, version);
  } catch (err) {
    // The event still carries the version to every service; only the immediacy is lost.
    deps.logger.warn({ err: String(err), userId }, 'could not update authz state directly');
  }
  deps.publishEvents();
}
