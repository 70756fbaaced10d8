import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import { authMessages, type AdminUsersQuery, type PublicUser, type Role } from '@shop/proto-contracts';
import { badRequest, enqueueEvent, makeEvent, notFound, type Tx } from '@shop/platform';
import { deletedUsers, refreshTokens, users, type UserRow } from '../db/schema';
import type { AuthDeps } from './auth-deps';
import { isUniqueViolation, isUuid } from './auth-errors';
import { generateStrongPassword, hashPassword } from './password';
import { toPublicUser } from './public-user';
import { announceAuthzVersion } from './session.service';

export const DEFAULT_ADMIN_EMAIL = 'admin@shopkart.local';

/** Every account, newest first (admin only). */
export async function listUsers(deps: AuthDeps): Promise<PublicUser[]> {
  const rows = await deps.db.select().from(users).orderBy(desc(users.createdAt), asc(users.id));
  return rows.map(toPublicUser);
}

/** `%text%` for LIKE, with the text's own wildcards taken literally. */
const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface UserPage {
  users: PublicUser[];
  total: number;
  totalPages: number;
  currentPage: number;
}

/**
 * Admin: one page of the accounts a search finds, newest first. `q` matches any part of the name
 * or email, or (when it has 4+ digits) a saved phone; `role` keeps one role. A page past the end
 * is empty with the real totals.
 */
export async function searchUsers(deps: AuthDeps, query: AdminUsersQuery): Promise<UserPage> {
  const parts: SQL[] = [];
  if (query.q) {
    const any: SQL[] = [sql`${users.name} ilike ${likeContaining(query.q)}`, sql`${users.email} ilike ${likeContaining(query.q)}`];
    let digits = /^[+\d\s()-]+$/.test(query.q) ? query.q.replace(/\D/g, '') : '';
    if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
    if (digits.length >= 4) any.push(sql`${users.phones}::text like ${likeContaining(digits)}`);
    parts.push(or(...any)!);
  }
  if (query.role) parts.push(eq(users.role, query.role));
  const where = parts.length ? and(...parts) : undefined;
  const [{ n }] = await deps.db.select({ n: count() }).from(users).where(where);
  const rows = n
    ? await deps.db.select().from(users).where(where).orderBy(desc(users.createdAt), asc(users.id)).limit(query.limit).offset((query.page - 1) * query.limit)
    : [];
  return { users: rows.map(toPublicUser), total: n, totalPages: Math.max(1, Math.ceil(n / query.limit)), currentPage: query.page };
}

/** One account by id: 400 for an id that cannot exist, 404 for one that does not. */
export async function getUserById(deps: AuthDeps, id: string): Promise<PublicUser> {
  if (!isUuid(id)) throw badRequest(authMessages.invalidUserId);
  const [row] = await deps.db.select().from(users).where(eq(users.id, id));
  if (!row) throw notFound(authMessages.userNotFound);
  return toPublicUser(row);
}

/**
 * Locks every admin row (in id order, so two admin changes never deadlock) and then the target.
 * Serialising admin changes this way is what keeps "the last admin stays" true under concurrency.
 */
async function lockAdminsAndTarget(tx: Tx, targetId: string): Promise<{ admins: string[]; target?: UserRow }> {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id)).for('update');
  const [target] = await tx.select().from(users).where(eq(users.id, targetId)).for('update');
  return { admins: admins.map((a) => a.id), target };
}

/**
 * Gives a user another role (admin only). Nobody changes their own role and the last admin stays
 * an admin. The role, a raised authorisation version and UserRoleChanged commit together; the new
 * version is then published to the shared authz state, so the user's older access tokens are
 * refused from their very next request.
 */
export async function setUserRole(deps: AuthDeps, actorId: string, targetId: string, role: Role): Promise<PublicUser> {
  if (!isUuid(targetId)) throw badRequest(authMessages.invalidUserId);
  if (targetId === actorId) throw badRequest(authMessages.ownRole);
  const result = await deps.db.transaction(async (tx) => {
    const { admins, target } = await lockAdminsAndTarget(tx, targetId);
    if (!target) throw notFound(authMessages.userNotFound);
    if (target.role === role) return { user: target, changed: false };
    if (target.role === 'admin' && admins.length <= 1) throw badRequest(authMessages.lastAdminDemote);
    const authzVersion = target.authzVersion + 1;
    const [user] = await tx.update(users).set({ role, authzVersion, updatedAt: deps.clock() }).where(eq(users.id, targetId)).returning();
    await enqueueEvent(
      tx,
      deps.schema,
      makeEvent('auth', 'UserRoleChanged', { userId: targetId, role, previousRole: target.role, authzVersion }),
    );
    return { user, changed: true };
  });
  if (result.changed) await announceAuthzVersion(deps, targetId, result.user.authzVersion);
  return toPublicUser(result.user);
}

/**
 * Deletes an account (admin only) with its sessions, reset links and codes (the foreign keys
 * cascade). Nobody deletes themselves and the last admin stays. UserDeleted carries a raised
 * authorisation version, so the deleted user's access tokens stop working at once everywhere.
 */
export async function deleteUser(deps: AuthDeps, actorId: string, targetId: string): Promise<void> {
  if (!isUuid(targetId)) throw badRequest(authMessages.invalidUserId);
  if (targetId === actorId) throw badRequest(authMessages.ownDelete);
  const authzVersion = await deps.db.transaction(async (tx) => {
    const { admins, target } = await lockAdminsAndTarget(tx, targetId);
    if (!target) throw notFound(authMessages.userNotFound);
    if (target.role === 'admin' && admins.length <= 1) throw badRequest(authMessages.lastAdminDelete);
    const version = target.authzVersion + 1;
    await tx.delete(users).where(eq(users.id, targetId));
    await tx
      .insert(deletedUsers)
      .values({ userId: targetId, authzVersion: version, deletedAt: deps.clock() })
      .onConflictDoUpdate({ target: deletedUsers.userId, set: { authzVersion: version, deletedAt: deps.clock() } });
    await enqueueEvent(tx, deps.schema, makeEvent('auth', 'UserDeleted', { userId: targetId, authzVersion: version }));
    return version;
  });
  await announceAuthzVersion(deps, targetId, authzVersion);
}

export interface AdminBootstrap {
  email: string;
  /** Only when it was generated here; the launcher shows it once. */
  password?: string;
  created: boolean;
}

/**
 * Makes sure the shop has an admin. When none exists: promotes the account with the configured
 * email if there is one, otherwise creates it (with the configured password or a random strong
 * one, which is returned and never logged here). Several instances starting at once create one.
 */
export async function ensureAdminExists(deps: AuthDeps, admin?: { email?: string; password?: string }): Promise<AdminBootstrap | undefined> {
  const email = (admin?.email ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
  const password = admin?.password ?? generateStrongPassword();
  const [anyAdmin] = await deps.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (anyAdmin) return undefined;
  const passwordHash = await hashPassword(password);
  try {
    const outcome = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('auth:ensure-admin'))`);
      const [stillNone] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
      if (stillNone) return undefined;
      const [existing] = await tx.select().from(users).where(eq(users.email, email)).for('update');
      if (existing) {
        const authzVersion = existing.authzVersion + 1;
        await tx.update(users).set({ role: 'admin', authzVersion, updatedAt: deps.clock() }).where(eq(users.id, existing.id));
        await enqueueEvent(
          tx,
          deps.schema,
          makeEvent('auth', 'UserRoleChanged', { userId: existing.id, role: 'admin', previousRole: existing.role, authzVersion }),
        );
        return { bootstrap: { email, created: false }, promoted: { id: existing.id, authzVersion } };
      }
      const [user] = await tx
        .insert(users)
        .values({ id: randomUUID(), name: 'Admin', email, passwordHash, role: 'admin' })
        .returning();
      await enqueueEvent(tx, deps.schema, makeEvent('auth', 'UserRegistered', { userId: user.id, email: user.email, name: user.name }));
      return { bootstrap: { email, created: true, ...(admin?.password ? {} : { password }) } };
    });
    if (!outcome) return undefined;
    if (outcome.promoted) await announceAuthzVersion(deps, outcome.promoted.id, outcome.promoted.authzVersion);
    else deps.publishEvents();
    return outcome.bootstrap;
  } catch (err) {
    if (isUniqueViolation(err)) return undefined;
    throw err;
  }
}

/**
 * Refills the authz state from the database at start-up, so a memory-backed state (embedded mode)
 * still refuses tokens issued before a role change or deletion that happened before a restart.
 */
export async function primeAuthzState(deps: AuthDeps): Promise<void> {
  const changed = await deps.db.select({ id: users.id, v: users.authzVersion }).from(users).where(gt(users.authzVersion, 0));
  const since = new Date(deps.clock().getTime() - 2 * 24 * 60 * 60 * 1000);
  const deleted = await deps.db
    .select({ id: deletedUsers.userId, v: deletedUsers.authzVersion })
    .from(deletedUsers)
    .where(and(gt(deletedUsers.authzVersion, 0), gt(deletedUsers.deletedAt, since)));
  for (const { id, v } of [...changed, ...deleted]) await deps.authz.setVersion(id, v);
  // Sessions logged out within an access token's lifetime: their access tokens stay refused.
  const ttlMs = deps.tokens.accessTtlSeconds * 1000;
  const ended = await deps.db
    .selectDistinct({ familyId: refreshTokens.familyId, revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(gt(refreshTokens.revokedAt, new Date(deps.clock().getTime() - ttlMs)));
  for (const { familyId, revokedAt } of ended) await deps.authz.endSession(familyId, revokedAt!.getTime() + ttlMs);
}
