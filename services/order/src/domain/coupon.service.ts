import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  COUPON_CHECK_WINDOW_MS,
  COUPON_CHECKS_PER_ADDRESS,
  COUPON_CHECKS_PER_USER,
  couponMessages,
  isCouponId,
  paiseToRupees,
  type CouponInput,
} from '@shop/proto-contracts';
import { AppError, badRequest, conflict, notFound, type Db, type Tx } from '@shop/platform';
import { couponUses, coupons, type CouponRow } from '../db/schema';
import type { OrderDeps } from './order-deps';

/** A coupon with how many orders use it now (a cancelled order's use was given back). */
export interface CouponWithUses extends CouponRow {
  uses: number;
}

/** A coupon as REST and GraphQL show it to staff: money in rupees, dates as ISO text. */
export function toCouponView(c: CouponWithUses) {
  return {
    _id: c.id,
    id: c.id,
    code: c.code,
    type: c.type,
    value: c.type === 'percent' ? c.percent! : paiseToRupees(c.amountPaise!),
    minOrder: paiseToRupees(c.minOrderPaise),
    validFrom: c.validFrom.toISOString(),
    validTo: c.validTo ? c.validTo.toISOString() : null,
    maxUses: c.maxUses,
    maxUsesPerCustomer: c.maxUsesPerCustomer,
    active: c.active,
    uses: c.uses,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}
export type CouponView = ReturnType<typeof toCouponView>;

function assertCouponId(id: string): string {
  if (!isCouponId(id)) throw badRequest(couponMessages.invalidCouponId);
  return id.toLowerCase();
}

const liveUses = isNull(couponUses.releasedAt);

/** The live uses of these coupons, by id. */
async function usesOf(db: Db | Tx, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ couponId: couponUses.couponId, n: count() })
    .from(couponUses)
    .where(and(inArray(couponUses.couponId, ids), liveUses))
    .groupBy(couponUses.couponId);
  return new Map(rows.map((r) => [r.couponId, r.n]));
}

/** Staff: coupons newest first, one page, each with its uses. */
export async function listCoupons(deps: Pick<OrderDeps, 'db'>, query: { page: number; limit: number }) {
  const [{ n }] = await deps.db.select({ n: count() }).from(coupons);
  const rows = n
    ? await deps.db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id)).limit(query.limit).offset((query.page - 1) * query.limit)
    : [];
  const uses = await usesOf(deps.db, rows.map((r) => r.id));
  return {
    coupons: rows.map((r): CouponWithUses => ({ ...r, uses: uses.get(r.id) ?? 0 })),
    total: n,
    totalPages: Math.max(1, Math.ceil(n / query.limit)),
    currentPage: query.page,
  };
}

const columnsOf = (input: CouponInput, now: Date) => ({
  code: input.code,
  type: input.type,
  percent: input.percent,
  amountPaise: input.amountPaise,
  minOrderPaise: input.minOrderPaise,
  validFrom: input.validFrom ?? now,
  validTo: input.validTo,
  maxUses: input.maxUses,
  maxUsesPerCustomer: input.maxUsesPerCustomer,
  active: input.active,
  updatedAt: now,
});

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Staff: a new coupon; a code already taken is a 409, a validTo not after the default validFrom (now) a 400. */
export async function createCoupon(deps: Pick<OrderDeps, 'db' | 'clock'>, input: CouponInput): Promise<CouponWithUses> {
  const now = deps.clock();
  const values = columnsOf(input, now);
  if (values.validTo && values.validTo.getTime() <= values.validFrom.getTime()) throw badRequest(couponMessages.dateOrder);
  try {
    const [row] = await deps.db.insert(coupons).values({ id: randomUUID(), ...values, createdAt: now }).returning();
    return { ...row!, uses: 0 };
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(couponMessages.duplicate(input.code));
    throw err;
  }
}

/**
 * Staff: replaces a coupon's terms (the whole body, as when it was made). Orders already placed
 * keep what they were charged; maxUses may not go below the uses it has. Under the coupon's row
 * lock, so a checkout using it sees the old or the new terms, never a mix.
 */
export async function updateCoupon(deps: Pick<OrderDeps, 'db' | 'clock'>, id: string, input: CouponInput): Promise<CouponWithUses> {
  const couponId = assertCouponId(id);
  const now = deps.clock();
  try {
    return await deps.db.transaction(async (tx) => {
      const [current] = await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update');
      if (!current) throw notFound(couponMessages.couponNotFound);
      const values = columnsOf(input, now);
      // Without a validFrom the coupon keeps its start.
      if (!input.validFrom) values.validFrom = current.validFrom;
      if (values.validTo && values.validTo.getTime() <= values.validFrom.getTime()) throw badRequest(couponMessages.dateOrder);
      const uses = (await usesOf(tx, [couponId])).get(couponId) ?? 0;
      if (values.maxUses !== null && values.maxUses < uses) throw conflict(couponMessages.maxUsesBelowUses(uses));
      const [row] = await tx.update(coupons).set(values).where(eq(coupons.id, couponId)).returning();
      return { ...row!, uses };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(couponMessages.duplicate(input.code));
    throw err;
  }
}

/**
 * Staff: deletes a coupon no order ever used. One that was used (even by an order cancelled since)
 * is refused with a 409 that says to deactivate it: the orders keep its code, and its history stays.
 */
export async function deleteCoupon(deps: Pick<OrderDeps, 'db'>, id: string): Promise<void> {
  const couponId = assertCouponId(id);
  await deps.db.transaction(async (tx) => {
    const [current] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, couponId)).for('update');
    if (!current) throw notFound(couponMessages.couponNotFound);
    const [{ n }] = await tx.select({ n: count() }).from(couponUses).where(eq(couponUses.couponId, couponId));
    if (n > 0) throw conflict(couponMessages.deleteUsed(n));
    await tx.delete(coupons).where(eq(coupons.id, couponId));
  });
}

/** A coupon refused for a checkout: a 4xx with the message a shopper reads. */
const refused = (kind: 'NOT_FOUND' | 'BAD_REQUEST' | 'CONFLICT', message: string) => new AppError(kind, message);

/**
 * Whether the coupon may be used now by this shopper on items worth `itemsPaise` (before any
 * discount); throws the refusal otherwise. `itemsPaise` undefined skips the minimum (not known yet).
 */
function checkCouponRules(c: CouponRow, uses: { all: number; mine: number }, now: Date, itemsPaise: number | undefined): void {
  if (!c.active) throw refused('BAD_REQUEST', couponMessages.inactive(c.code));
  if (now.getTime() < c.validFrom.getTime()) throw refused('BAD_REQUEST', couponMessages.notYetValid(c.code, c.validFrom));
  if (c.validTo && now.getTime() >= c.validTo.getTime()) throw refused('BAD_REQUEST', couponMessages.expired(c.code, c.validTo));
  if (c.maxUsesPerCustomer !== null && uses.mine >= c.maxUsesPerCustomer) throw refused('CONFLICT', couponMessages.alreadyUsed(c.code, c.maxUsesPerCustomer));
  if (c.maxUses !== null && uses.all >= c.maxUses) throw refused('CONFLICT', couponMessages.usedUp(c.code));
  if (itemsPaise !== undefined) assertCouponMinimum(c, itemsPaise);
}

/** The items' subtotal (before any discount and GST) reaches the coupon's minimum; a 400 naming it in ₹ otherwise. */
export function assertCouponMinimum(c: CouponRow, itemsPaise: number): void {
  if (itemsPaise < c.minOrderPaise) throw refused('BAD_REQUEST', couponMessages.minimumNotMet(c.code, c.minOrderPaise));
}

async function countUses(db: Db | Tx, couponId: string, userId: string): Promise<{ all: number; mine: number }> {
  const [row] = await db
    .select({ all: count(), mine: sql<number>`count(*) filter (where ${couponUses.userId} = ${userId})`.mapWith(Number) })
    .from(couponUses)
    .where(and(eq(couponUses.couponId, couponId), liveUses));
  return { all: row?.all ?? 0, mine: row?.mine ?? 0 };
}

/**
 * The coupon a shopper names, if it may be used now (the minimum is checked when the subtotal is
 * given); throws its refusal otherwise. Takes no lock: checkout checks again when it takes the use.
 */
export async function usableCoupon(db: Db | Tx, code: string, userId: string, now: Date, itemsPaise?: number): Promise<CouponRow> {
  const [c] = await db.select().from(coupons).where(eq(coupons.code, code));
  if (!c) throw refused('NOT_FOUND', couponMessages.unknown(code));
  checkCouponRules(c, await countUses(db, c.id, userId), now, itemsPaise);
  return c;
}

/**
 * Inside the transaction that writes the order: locks the coupon's row (so concurrent checkouts
 * using it take turns and each counts the uses committed before it) and checks every rule again.
 * The caller then records the use with `recordCouponUse` in the same transaction.
 */
export async function lockUsableCoupon(tx: Tx, code: string, userId: string, now: Date, itemsPaise: number): Promise<CouponRow> {
  const [c] = await tx.select().from(coupons).where(eq(coupons.code, code)).for('update');
  if (!c) throw refused('NOT_FOUND', couponMessages.unknown(code));
  // Its own statement after the lock: a statement's snapshot is taken before it waits.
  checkCouponRules(c, await countUses(tx, c.id, userId), now, itemsPaise);
  return c;
}

/** Records that an order used a coupon (same transaction as the order). */
export async function recordCouponUse(tx: Tx, use: { orderId: string; couponId: string; userId: string; discountPaise: number; at: Date }): Promise<void> {
  await tx.insert(couponUses).values({ orderId: use.orderId, couponId: use.couponId, userId: use.userId, discountPaise: use.discountPaise, createdAt: use.at });
}

/** Gives a cancelled order's coupon use back (in the cancelling transaction); a no-op without one. */
export async function releaseCouponUse(tx: Tx, orderId: string, at: Date): Promise<void> {
  await tx.update(couponUses).set({ releasedAt: at }).where(and(eq(couponUses.orderId, orderId), liveUses));
}

/**
 * Counts one coupon look-up (the Apply field, or an order naming a code) against the shopper's and
 * the client address's limits, so codes cannot be guessed by trying: shared by REST and GraphQL.
 */
export async function countCouponLookup(deps: Pick<OrderDeps, 'rateLimiter'>, caller: { userId: string; ip: string }): Promise<void> {
  await deps.rateLimiter.consume(`coupon-user:${caller.userId}`, COUPON_CHECKS_PER_USER, COUPON_CHECK_WINDOW_MS, couponMessages.tooManyChecks);
  await deps.rateLimiter.consume(`coupon-ip:${caller.ip}`, COUPON_CHECKS_PER_ADDRESS, COUPON_CHECK_WINDOW_MS, couponMessages.tooManyChecks);
}
