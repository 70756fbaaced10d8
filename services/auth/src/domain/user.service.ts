import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  addressBookMessages,
  authMessages,
  MAX_PHONES,
  messages,
  normalizeIndianMobile,
  type AddPhoneInput,
  type PublicUser,
  type RegisterInput,
  type UpdateProfileInput,
} from '@shop/proto-contracts';
import { AppError, badRequest, conflict, enqueueEvent, makeEvent, notFound, unauthenticated, type Tx } from '@shop/platform';
import { users, type StoredAddress, type UserRow } from '../db/schema';
import type { AuthDeps, UploadedImage } from './auth-deps';
import { isUniqueViolation, ServiceUnavailableError } from './auth-errors';
import { sniffImageType } from './image-type';
import { checkEmailChange, requestEmailChange } from './email-change.service';
import { inUndoneTransaction } from './account-mail-request';
import { rehearseVerificationLink, sendVerificationLink } from './email-verification.service';
import { assertUncommonPassword, hashPassword } from './password';
import { toPublicUser } from './public-user';
import { issueSession, type IssuedSession } from './session.service';

/** Sign-ups per address: many shoppers share one carrier address, so this only stops bulk sign-ups. */
const REGISTER_LIMIT = { limit: 30, windowMs: 60 * 60_000 };

/**
 * Creates a plain `user` account (a role in the request is never honoured), logs it in and
 * announces it with UserRegistered, written in the same transaction as the account. The email is
 * unverified until the owner opens the link mailed now (decision 0042).
 */
export async function registerUser(deps: AuthDeps, input: RegisterInput, caller: { ip: string }): Promise<{ user: PublicUser; session: IssuedSession }> {
  await deps.rateLimiter.consume(`register:${caller.ip}`, REGISTER_LIMIT.limit, REGISTER_LIMIT.windowMs);
  assertUncommonPassword(input.password);
  // Hash before looking, so a taken email is not answered sooner than a free one.
  const passwordHash = await hashPassword(input.password);
  const [taken] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (taken) {
    // The 409 says the email is taken (decision 0099 leaves that), but not sooner than a sign-up.
    await rehearseSignUp(deps, input, passwordHash);
    throw conflict(authMessages.emailTaken);
  }
  let signedUp: { user: PublicUser; session: IssuedSession };
  try {
    const result = await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ id: randomUUID(), name: input.name, email: input.email, passwordHash, role: 'user', phones: [input.phone] })
        .returning();
      await enqueueEvent(tx, deps.schema, makeEvent('auth', 'UserRegistered', { userId: user.id, email: user.email, name: user.name }));
      return { user: toPublicUser(user), session: await issueSession(deps, tx, user) };
    });
    deps.publishEvents();
    signedUp = result;
  } catch (err) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isUniqueViolation(err)) throw conflict(authMessages.emailTaken);
    throw err;
  }
  // The account exists either way; a link that could not go out is sent again from the profile.
  await sendVerificationLink(deps, { id: signedUp.user.id, email: signedUp.user.email }).catch((err: unknown) => {
    deps.logger.warn({ err: String(err), userId: signedUp.user.id }, 'verification link after sign-up not sent');
  });
  return signedUp;
}

/**
 * What a new account costs, for a sign-up that makes none (decision 0099): the account, its event
 * and its session written under a placeholder address and rolled back, the relay asked as after a
 * sign-up, and the verification link's work done and undone. Nothing stays and nothing is sent.
 */
async function rehearseSignUp(deps: AuthDeps, input: RegisterInput, passwordHash: string): Promise<void> {
  const id = randomUUID();
  await inUndoneTransaction(deps, async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ id, name: input.name, email: `${id}@sign-up.invalid`, passwordHash, role: 'user', phones: [input.phone] })
      .returning();
    await enqueueEvent(tx, deps.schema, makeEvent('auth', 'UserRegistered', { userId: user.id, email: user.email, name: user.name }));
    toPublicUser(user);
    await issueSession(deps, tx, user);
  });
  deps.publishEvents();
  await rehearseVerificationLink(deps, { id, email: input.email });
}

/** The account of a logged-in caller; a token of a deleted account reads as an expired session. */
export async function getProfile(deps: AuthDeps, userId: string): Promise<PublicUser> {
  const user = await findUser(deps, userId);
  if (!user) throw unauthenticated(messages.sessionExpired);
  return user;
}

/**
 * The user with this id, or null (for GraphQL's `me` and entity references). Plain SQL of the
 * public columns only: every page asks for the signed-in user, and building the select with the
 * query builder cost more CPU than PostgreSQL spent answering it.
 */
export async function findUser(deps: AuthDeps, userId: string): Promise<PublicUser | null> {
  const { rows } = await deps.db.execute(sql`select id, name, email, role, phones, addresses, avatar, email_verified_at, created_at from auth.users where id = ${userId}`);
  const row = rows[0];
  if (!row) return null;
  const createdAt = row.created_at;
  const verifiedAt = row.email_verified_at;
  return toPublicUser({
    id: row.id as string,
    name: row.name as string,
    email: row.email as string,
    role: row.role as UserRow['role'],
    phones: row.phones as string[],
    addresses: row.addresses as StoredAddress[],
    avatar: row.avatar as string | null,
    emailVerifiedAt: verifiedAt == null ? null : verifiedAt instanceof Date ? verifiedAt : new Date(verifiedAt as string),
    createdAt: createdAt instanceof Date ? createdAt : new Date(createdAt as string),
  });
}

/**
 * Changes the name and the avatar (an uploaded image, checked by content and stored by the image
 * store, or a URL the caller got from the media service earlier). A new email needs the current
 * password and changes only once confirmed from the new inbox (`requestEmailChange`), so a stolen
 * session cannot take the account over. `emailChangePending` says a confirmation was sent.
 */
export async function updateProfile(
  deps: AuthDeps,
  userId: string,
  input: UpdateProfileInput,
  upload?: { image: UploadedImage; accessToken?: string },
): Promise<PublicUser & { emailChangePending?: string }> {
  const current = await loadUser(deps, userId);
  const emailChanges = input.email !== current.email;
  if (emailChanges) await checkEmailChange(deps, current, input);
  let avatar = input.avatar;
  if (upload) {
    const type = sniffImageType(upload.image.buffer);
    if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', authMessages.unsupportedImage);
    if (!deps.imageStore) throw new ServiceUnavailableError(authMessages.imageUploadUnavailable);
    avatar = await deps.imageStore.upload({ ...upload.image, mimeType: type }, { accessToken: upload.accessToken });
  }
  try {
    const [row] = await deps.db
      .update(users)
      .set({ name: input.name, ...(avatar ? { avatar } : {}), updatedAt: deps.clock() })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw unauthenticated(messages.sessionExpired);
    if (emailChanges) {
      await requestEmailChange(deps, row, input.email);
      return { ...toPublicUser(row), emailChangePending: input.email };
    }
    return toPublicUser(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(authMessages.emailTaken);
    throw err;
  }
}

/** Saves one more phone number (10 digits); a number already saved is refused, at most MAX_PHONES. */
export async function addPhone(deps: AuthDeps, userId: string, input: AddPhoneInput): Promise<PublicUser> {
  return updateLocked(deps, userId, (user) => {
    if (user.phones.includes(input.phone)) throw badRequest(authMessages.phoneDuplicate);
    if (user.phones.length >= MAX_PHONES) throw badRequest(authMessages.tooManyPhones);
    return { phones: [...user.phones, input.phone] };
  });
}

/** Deletes a saved phone number (given in any form `normalizeIndianMobile` reads); deleting the default makes the next one the default. */
export async function deletePhone(deps: AuthDeps, userId: string, phone: string): Promise<PublicUser> {
  return updateLocked(deps, userId, (user) => ({ phones: user.phones.filter((p) => p !== phoneIn(user, phone)) }));
}

/** Makes a saved phone number the default: it moves to the front. */
export async function makeDefaultPhone(deps: AuthDeps, userId: string, phone: string): Promise<PublicUser> {
  return updateLocked(deps, userId, (user) => {
    const saved = phoneIn(user, phone);
    return { phones: [saved, ...user.phones.filter((p) => p !== saved)] };
  });
}

function phoneIn(user: UserRow, phone: string): string {
  const digits = normalizeIndianMobile(phone);
  if (!digits || !user.phones.includes(digits)) throw notFound(addressBookMessages.phoneNotFound);
  return digits;
}

/** Read-modify-write of one user row under a row lock, so two quick adds never lose one. */
export async function updateLocked(deps: AuthDeps, userId: string, change: (user: UserRow) => Partial<UserRow>): Promise<PublicUser> {
  return deps.db.transaction(async (tx: Tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw unauthenticated(messages.sessionExpired);
    const [row] = await tx
      .update(users)
      .set({ ...change(user), updatedAt: deps.clock() })
      .where(eq(users.id, userId))
      .returning();
    return toPublicUser(row);
  });
}

async function loadUser(deps: AuthDeps, userId: string): Promise<UserRow> {
  const [row] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw unauthenticated(messages.sessionExpired);
  return row;
}
