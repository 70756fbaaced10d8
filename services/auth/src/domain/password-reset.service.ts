import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { authMessages, messages, type ResetPasswordInput, type UpdatePasswordInput } from '@shop/proto-contracts';
import { badRequest, unauthenticated } from '@shop/platform';
import { otpCodes, passwordResetTokens, users } from '../db/schema';
import { deliverSoon, rehearseAccountMail, requestAccountMail } from './account-mail-request';
import type { AuthDeps } from './auth-deps';
import { limitMailToAddress } from './mail-limits';
import { resetLinkMail } from './mail-templates';
import { assertUncommonPassword, hashPassword, verifyPassword } from './password';
import { announceAuthzVersion, endAllSessions, issueSession, loginFailuresKey, sha256, type IssuedSession } from './session.service';

const RESET_LINK_MINUTES = 15;
const RESET_LIMIT_PER_EMAIL = { limit: 3, windowMs: 10 * 60_000 };
const RESET_LIMIT_PER_IP = { limit: 10, windowMs: 10 * 60_000 };

/**
 * Changes the password of a logged-in user who knows the old one. Every other session of the user
 * ends; the caller gets a fresh session.
 */
export async function changePassword(deps: AuthDeps, userId: string, input: UpdatePasswordInput): Promise<IssuedSession> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unauthenticated(messages.sessionExpired);
  if (!(await verifyPassword(input.oldPassword, user.passwordHash))) throw badRequest(authMessages.oldPasswordIncorrect);
  assertUncommonPassword(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.clock();
  const { session, authzVersion } = await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    const authzVersion = await endAllSessions(deps, tx, userId, now);
    return { authzVersion, session: await issueSession(deps, tx, { ...user, authzVersion }) };
  });
  await announceAuthzVersion(deps, userId, authzVersion);
  return session;
}

/**
 * Asks for a single-use reset link valid for 15 minutes, mailed if the email has an account. The
 * caller always gets the same answer in the same time: the lookup and the mail happen after it
 * (`mailPasswordResetLink`, decision 0044). Limited per address and per client.
 */
export async function requestPasswordResetLink(deps: AuthDeps, email: string, caller: { ip: string }): Promise<void> {
  await limitMailToAddress(deps, 'reset-link', email, RESET_LIMIT_PER_EMAIL);
  await deps.rateLimiter.consume(`reset-link:ip:${caller.ip}`, RESET_LIMIT_PER_IP.limit, RESET_LIMIT_PER_IP.windowMs);
  await requestAccountMail(deps, 'reset-link', email);
}

/**
 * After the answer (and the spread, decision 0099): the reset link of the email's account, if there
 * is one. The link is written and its mail recorded with the request's claim in one transaction;
 * only the newest link works. Without an account the same work is done and undone.
 */
export async function mailPasswordResetLink(deps: AuthDeps, email: string, claim: { consumer: string; eventId: string }): Promise<void> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock();
  const link = `${deps.publicUrl.replace(/\/+$/, '')}/reset-password/${token}`;
  if (!user) {
    const nobody = randomUUID();
    sha256(token);
    await rehearseAccountMail(deps, claim, resetLinkMail(email, link, RESET_LINK_MINUTES), (tx) =>
      tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, nobody), isNull(passwordResetTokens.usedAt))),
    );
    return;
  }
  const recorded = await deps.db.transaction(async (tx) => {
    if (!(await deps.mailer.recordOnce(tx, claim, resetLinkMail(user.email, link, RESET_LINK_MINUTES)))) return false;
    // Only the newest link works: an older mail lying around is no longer a way in.
    await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    await tx.insert(passwordResetTokens).values({
      tokenHash: sha256(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000),
    });
    return true;
  });
  if (recorded) deliverSoon(deps);
}

/** Sets a new password with the token of a reset link; the link then stops working and every session ends. */
export async function resetPasswordWithToken(deps: AuthDeps, token: string, input: ResetPasswordInput): Promise<void> {
  assertUncommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock();
  const done = await deps.db.transaction(async (tx): Promise<{ userId: string; email?: string; authzVersion: number } | false> => {
    const [row] = await tx
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, sha256(token)))
      .for('update');
    if (!row || row.usedAt || row.expiresAt <= now) return false;
    await tx.update(passwordResetTokens).set({ usedAt: now }).where(eq(passwordResetTokens.tokenHash, row.tokenHash));
    // Opening the mailed link proved the inbox too (decision 0042).
    await tx.update(users).set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`, updatedAt: now }).where(eq(users.id, row.userId));
    await tx.delete(otpCodes).where(eq(otpCodes.userId, row.userId));
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
    return { userId: row.userId, email: owner?.email, authzVersion: await endAllSessions(deps, tx, row.userId, now) };
  });
  if (!done) throw badRequest(authMessages.resetLinkInvalid);
  await announceAuthzVersion(deps, done.userId, done.authzVersion);
  if (done.email) await deps.rateLimiter.reset(loginFailuresKey(done.email));
}
