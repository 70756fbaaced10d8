import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { authMessages, type UpdateProfileInput } from '@shop/proto-contracts';
import { badRequest, conflict } from '@shop/platform';
import { emailChanges, users, type UserRow } from '../db/schema';
import type { AuthDeps } from './auth-deps';
import { isUniqueViolation, ServiceUnavailableError } from './auth-errors';
import { limitMailToUnprovenAddress } from './mail-limits';
import { confirmEmailMail, emailChangeNoticeMail } from './mail-templates';
import { verifyPassword } from './password';
import { sha256 } from './session.service';

const CONFIRM_LINK_HOURS = 24;

/** A new email needs the account's current password and must not belong to another account. */
export async function checkEmailChange(deps: AuthDeps, user: UserRow, input: UpdateProfileInput): Promise<void> {
  if (!input.currentPassword) throw badRequest(authMessages.currentPasswordRequired);
  if (!(await verifyPassword(input.currentPassword, user.passwordHash))) throw badRequest(authMessages.currentPasswordIncorrect);
  const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (taken) throw conflict(authMessages.emailTaken);
  await limitMailToUnprovenAddress(deps, input.email, user.id);
}

/**
 * Mails a single-use confirmation link (24 hours) to the new address and a notice to the current
 * one. Only the newest request's link works. Neither carries the account's name, and the notice
 * names the new address only when the current one is proven (decision 0042). `checkEmailChange`
 * counted the mail against the new address's and the account's limits.
 */
export async function requestEmailChange(deps: AuthDeps, user: UserRow, newEmail: string): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await tx.delete(emailChanges).where(and(eq(emailChanges.userId, user.id), isNull(emailChanges.usedAt)));
    await tx.insert(emailChanges).values({
      tokenHash: sha256(token),
      userId: user.id,
      newEmail,
      expiresAt: new Date(now.getTime() + CONFIRM_LINK_HOURS * 3_600_000),
    });
  });
  const link = `${deps.publicUrl.replace(/\/+$/, '')}/confirm-email/${token}`;
  try {
    await deps.mailer.send(confirmEmailMail(newEmail, link, CONFIRM_LINK_HOURS));
    await deps.mailer.send(emailChangeNoticeMail(user.email, user.name, user.emailVerifiedAt ? newEmail : undefined));
  } catch (err) {
    deps.logger.error({ err: String(err) }, 'email change mail failed');
    throw new ServiceUnavailableError(authMessages.emailFailed);
  }
}

/** Opens a confirmation link: the account's email becomes the new address, and the link stops working. */
export async function confirmEmailChange(deps: AuthDeps, token: string): Promise<void> {
  const now = deps.clock();
  try {
    const done = await deps.db.transaction(async (tx) => {
      const [row] = await tx.select().from(emailChanges).where(eq(emailChanges.tokenHash, sha256(token))).for('update');
      if (!row || row.usedAt || row.expiresAt <= now) return false;
      await tx.update(emailChanges).set({ usedAt: now }).where(eq(emailChanges.tokenHash, row.tokenHash));
      // The link reached the new inbox: the new address is proven (decision 0042).
      await tx.update(users).set({ email: row.newEmail, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, row.userId));
      return true;
    });
    if (!done) throw badRequest(authMessages.emailChangeInvalid);
  } catch (err) {
    // Someone signed up with that address since: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(authMessages.emailTaken);
    throw err;
  }
}
