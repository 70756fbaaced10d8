import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { authMessages, OTP_LENGTH, type ResetPasswordWithOtpInput } from '@shop/proto-contracts';
import { badRequest } from '@shop/platform';
import { otpCodes, passwordResetTokens, users } from '../db/schema';
import { deliverSoon, rehearseAccountMail, requestAccountMail } from './account-mail-request';
import type { AuthDeps } from './auth-deps';
import { limitMailToAddress } from './mail-limits';
import { otpMail } from './mail-templates';
import { assertUncommonPassword, hashPassword } from './password';
import { announceAuthzVersion, endAllSessions, loginFailuresKey } from './session.service';

const OTP_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
const SEND_LIMIT_PER_EMAIL = { limit: 3, windowMs: 10 * 60_000 };
const SEND_LIMIT_PER_IP = { limit: 10, windowMs: 10 * 60_000 };
const VERIFY_LIMIT_PER_IP = { limit: 30, windowMs: 10 * 60_000 };

function otpHash(deps: AuthDeps, userId: string, code: string): string {
  return createHmac('sha256', deps.tokens.otpKey).update(`${userId}:${code}`).digest('hex');
}

/**
 * Asks for a 6-digit code valid for 10 minutes, replacing any earlier code, mailed if the email has
 * an account. The answer is the same, in the same time, whether or not it has one: the lookup and
 * the mail happen after it (`mailPasswordResetCode`, decision 0044).
 */
export async function sendPasswordResetOtp(deps: AuthDeps, email: string, caller: { ip: string }): Promise<void> {
  await limitMailToAddress(deps, 'otp-send', email, SEND_LIMIT_PER_EMAIL, authMessages.otpRateLimited);
  await deps.rateLimiter.consume(`otp-send:ip:${caller.ip}`, SEND_LIMIT_PER_IP.limit, SEND_LIMIT_PER_IP.windowMs, authMessages.otpRateLimited);
  await requestAccountMail(deps, 'reset-code', email);
}

/**
 * After the answer (and the spread, decision 0099): the code of the email's account, if there is
 * one, stored and its mail recorded together. Without an account the same work is done and undone.
 */
export async function mailPasswordResetCode(deps: AuthDeps, email: string, claim: { consumer: string; eventId: string }): Promise<void> {
  const [user] = await deps.db.select().from(users).where(eq(users.email, email));
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  if (!user) {
    const nobody = randomUUID();
    otpHash(deps, nobody, code);
    await rehearseAccountMail(deps, claim, otpMail(email, code, OTP_MINUTES), (tx) => tx.delete(otpCodes).where(eq(otpCodes.userId, nobody)));
    return;
  }
  const values = {
    codeHash: otpHash(deps, user.id, code),
    expiresAt: new Date(deps.clock().getTime() + OTP_MINUTES * 60_000),
    attempts: 0,
    createdAt: deps.clock(),
  };
  const recorded = await deps.db.transaction(async (tx) => {
    if (!(await deps.mailer.recordOnce(tx, claim, otpMail(user.email, code, OTP_MINUTES)))) return false;
    await tx
      .insert(otpCodes)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: otpCodes.userId, set: values });
    return true;
  });
  if (recorded) deliverSoon(deps);
}

type OtpOutcome = 'ok' | 'invalid' | 'exhausted';

/**
 * Sets a new password with an emailed code. A code works once; each wrong try counts, and after
 * OTP_MAX_ATTEMPTS wrong tries the code is void. Every session of the user ends on success.
 */
export async function resetPasswordWithOtp(deps: AuthDeps, input: ResetPasswordWithOtpInput, caller: { ip: string }): Promise<void> {
  await deps.rateLimiter.consume(`otp-verify:ip:${caller.ip}`, VERIFY_LIMIT_PER_IP.limit, VERIFY_LIMIT_PER_IP.windowMs);
  assertUncommonPassword(input.password);
  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email));
  // Hash before looking at the code, so a wrong email costs as long as a wrong code.
  const passwordHash = await hashPassword(input.password);
  if (!user) throw badRequest(authMessages.otpInvalid);
  const now = deps.clock();
  // A wrong try must be counted even though the caller gets an error: the tx returns an outcome.
  let authzVersion = 0;
  const outcome = await deps.db.transaction(async (tx): Promise<OtpOutcome> => {
    const [row] = await tx.select().from(otpCodes).where(eq(otpCodes.userId, user.id)).for('update');
    if (!row || row.expiresAt <= now) return 'invalid';
    if (row.attempts >= OTP_MAX_ATTEMPTS) return 'exhausted';
    const expected = Buffer.from(row.codeHash, 'hex');
    const actual = Buffer.from(otpHash(deps, user.id, input.otp), 'hex');
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
      const attempts = row.attempts + 1;
      await tx.update(otpCodes).set({ attempts }).where(eq(otpCodes.userId, user.id));
      return attempts >= OTP_MAX_ATTEMPTS ? 'exhausted' : 'invalid';
    }
    await tx.delete(otpCodes).where(eq(otpCodes.userId, user.id));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    // The mailed code proved the inbox too (decision 0042).
    await tx.update(users).set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now }).where(eq(users.id, user.id));
    authzVersion = await endAllSessions(deps, tx, user.id, now);
    return 'ok';
  });
  if (outcome === 'ok') {
    await announceAuthzVersion(deps, user.id, authzVersion);
    await deps.rateLimiter.reset(loginFailuresKey(user.email));
  }
  if (outcome === 'invalid') throw badRequest(authMessages.otpInvalid);
  if (outcome === 'exhausted') throw badRequest(authMessages.otpTooManyAttempts);
}
