import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { authMessages, messages } from '@shop/proto-contracts';
import { badRequest, unauthenticated } from '@shop/platform';
import { emailVerifications, users, type UserRow } from '../db/schema';
import type { AuthDeps } from './auth-deps';
import { deliverAfterSpread, inUndoneTransaction, rehearseMailIn } from './account-mail-request';
import { limitMailToUnprovenAddress, lookAtUnprovenMailLimits } from './mail-limits';
import { verifyEmailMail } from './mail-templates';
import { sha256 } from './session.service';

export const VERIFY_LINK_HOURS = 24;

/**
 * Mails the account's address a single-use verification link (24 hours); only the newest link
 * works. Counted against the address's and the account's limits of unproven mail. The mail carries
 * no text the caller chose (not even the name), since the address is not proven to be theirs. It
 * is recorded with the link and sent after the answer and the spread (decision 0099), so sign-up
 * does not wait for the mail server, nor does its sending slow the answers of the next sign-ups.
 */
export async function sendVerificationLink(deps: AuthDeps, user: Pick<UserRow, 'id' | 'email'>): Promise<void> {
  await limitMailToUnprovenAddress(deps, user.email, user.id);
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock();
  const link = `${deps.publicUrl.replace(/\/+$/, '')}/verify-email/${token}`;
  await deps.db.transaction(async (tx) => {
    await tx.delete(emailVerifications).where(and(eq(emailVerifications.userId, user.id), isNull(emailVerifications.usedAt)));
    await tx.insert(emailVerifications).values({
      tokenHash: sha256(token),
      userId: user.id,
      email: user.email,
      expiresAt: new Date(now.getTime() + VERIFY_LINK_HOURS * 3_600_000),
    });
    await deps.mailer.enqueue(tx, verifyEmailMail(user.email, link, VERIFY_LINK_HOURS));
  });
  deliverAfterSpread(deps);
}

/**
 * The work of sendVerificationLink for an account that is not made (a sign-up with a taken email),
 * done and undone (decision 0099): the limits looked at, not counted; the link's and the mail's
 * writes rolled back. Nothing is sent and nothing stays.
 */
export async function rehearseVerificationLink(deps: AuthDeps, user: Pick<UserRow, 'id' | 'email'>): Promise<void> {
  await lookAtUnprovenMailLimits(deps, user.email, user.id);
  const token = randomBytes(32).toString('base64url');
  const link = `${deps.publicUrl.replace(/\/+$/, '')}/verify-email/${token}`;
  sha256(token);
  await inUndoneTransaction(deps, async (tx) => {
    await tx.delete(emailVerifications).where(and(eq(emailVerifications.userId, user.id), isNull(emailVerifications.usedAt)));
    await rehearseMailIn(tx, deps, { consumer: 'auth.sign-up', eventId: randomUUID() }, verifyEmailMail(user.email, link, VERIFY_LINK_HOURS));
  });
}

/** "Resend" on the profile: a new link to the account's address, unless it is verified already. */
export async function resendVerificationLink(deps: AuthDeps, userId: string): Promise<string> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw unauthenticated(messages.sessionExpired);
  if (user.emailVerifiedAt) throw badRequest(authMessages.emailAlreadyVerified);
  await sendVerificationLink(deps, user);
  return user.email;
}

/**
 * Opens a verification link: the account's email counts as proven from now on, provided it is
 * still the address the link was sent to. The link works once.
 */
export async function verifyEmail(deps: AuthDeps, token: string): Promise<{ userId: string }> {
  const now = deps.clock();
  const done = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(emailVerifications).where(eq(emailVerifications.tokenHash, sha256(token))).for('update');
    if (!row || row.usedAt || row.expiresAt <= now) return undefined;
    await tx.update(emailVerifications).set({ usedAt: now }).where(eq(emailVerifications.tokenHash, row.tokenHash));
    const updated = await tx
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, row.userId), eq(users.email, row.email), isNull(users.emailVerifiedAt)))
      .returning({ id: users.id });
    if (updated.length) return row.userId;
    // Verified already (a second tab): fine. The email changed since: this link proves nothing.
    const [user] = await tx.select({ email: users.email, verified: users.emailVerifiedAt }).from(users).where(eq(users.id, row.userId));
    return user && user.email === row.email && user.verified ? row.userId : undefined;
  });
  if (!done) throw badRequest(authMessages.verificationInvalid);
  return { userId: done };
}
