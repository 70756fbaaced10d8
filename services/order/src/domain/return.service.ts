import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  isOrderId,
  isReturnId,
  orderMessages,
  RETURN_WINDOW_DAYS,
  returnMessages,
  RETURNS_PER_PAGE,
  paiseToRupees,
  refundOf,
  refundToMessages,
  type RefundTo,
  type RequestReturnInput,
  type ReturnQuoteInput,
  type ReturnStatus,
  type UpdateReturnInput,
} from '@shop/proto-contracts';
import { badRequest, conflict, enqueueEvent, notFound, type Db, type Tx } from '@shop/platform';
import { coupons, creditNotes, orders, returnItems, returns, returnSteps, type OrderItemRow, type ReturnRow } from '../db/schema';
import type { OrderDeps } from './order-deps';
import { withItems, type Order } from './order.model';
import { returnReceivedEvent, returnRequestedEvent, returnStatusChangedEvent } from './return.events';
import { refundOfReturn, type ReturnDetails } from './return.model';
import { issueCreditNote } from './credit-note.service';
import { checkReturnTransition, HOLDS_RETURN_QUANTITY, returnableUntil } from './return-status.machine';

/** Units of each order line already taken back by returns that still count (not rejected). */
async function returnedByLine(tx: Tx | Db, orderId: string): Promise<Map<number, number>> {
  const rows = await tx
    .select({ lineNo: returnItems.lineNo, n: sql<number>`sum(${returnItems.quantity})::int` })
    .from(returnItems)
    .innerJoin(returns, eq(returns.id, returnItems.returnId))
    .where(and(eq(returns.orderId, orderId), inArray(returns.status, [...HOLDS_RETURN_QUANTITY])))
    .groupBy(returnItems.lineNo);
  return new Map(rows.map((r) => [r.lineNo, r.n]));
}

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/**
 * The order line a requested line names: the product, and its size and colour when given. A product
 * bought in two sizes needs the size; one the order does not hold is refused by name.
 */
function lineFor(order: Order, wanted: RequestReturnInput['items'][number]): OrderItemRow {
  let candidates = order.items.filter((i) => i.productId === wanted.productId);
  if (candidates.length === 0) throw badRequest(returnMessages.notInOrder('This product'));
  const label = candidates[0]!.name;
  if (wanted.size !== undefined) candidates = candidates.filter((i) => same(i.size, wanted.size));
  if (wanted.color !== undefined && candidates.length > 1) candidates = candidates.filter((i) => same(i.color, wanted.color));
  if (candidates.length === 0) throw badRequest(returnMessages.notInOrder(`${label} in size ${wanted.size}`));
  if (candidates.length > 1) throw badRequest(`Please choose the size of ${label} to return`);
  return candidates[0]!;
}

/** What a return of these lines would take back and refund (decision 0047), checked as a request is. */
async function planReturn(tx: Tx | Db, order: Order, items: ReturnQuoteInput['items']) {
  const already = await returnedByLine(tx, order.id);
  const wanted = new Map<number, { line: OrderItemRow; quantity: number }>();
  for (const item of items) {
    const line = lineFor(order, item);
    const entry = wanted.get(line.lineNo) ?? { line, quantity: 0 };
    entry.quantity += item.quantity;
    wanted.set(line.lineNo, entry);
  }
  for (const { line, quantity } of wanted.values()) {
    const left = line.quantity - (already.get(line.lineNo) ?? 0);
    if (quantity > left) throw conflict(returnMessages.tooMany(line.name, Math.max(0, left)));
  }
  const lines = [...wanted.values()].sort((a, b) => a.line.lineNo - b.line.lineNo);
  if (!order.pricesIncludeGst) return { lines, refundPaise: refundOfReturn(order, lines), couponLost: false, keptPaise: null as number | null };
  // Re-price what is kept: every unit not taken back by this or an earlier return that counts.
  const kept = order.items.flatMap((i) => {
    const quantity = i.quantity - (already.get(i.lineNo) ?? 0) - (wanted.get(i.lineNo)?.quantity ?? 0);
    return quantity > 0 ? [{ unitPricePaise: i.pricePaise, quantity, gstRateBp: i.gstRateBp ?? 0 }] : [];
  });
  const [{ refunded }] = await tx
    .select({ refunded: sql<number>`coalesce(sum(${returns.refundPaise}), 0)::bigint` })
    .from(returns)
    .where(and(eq(returns.orderId, order.id), inArray(returns.status, [...HOLDS_RETURN_QUANTITY])));
  const [coupon] = order.couponCode && order.couponDiscountPaise > 0 ? await tx.select().from(coupons).where(eq(coupons.code, order.couponCode)) : [];
  const quote = refundOf({
    paidPaise: order.totalPaise,
    refundedBeforePaise: Number(refunded),
    shippingPaise: order.shippingPaise,
    kept,
    firstOrder: order.discountPaise > 0,
    coupon: coupon ? { type: coupon.type, percent: coupon.percent, amountPaise: coupon.amountPaise, minOrderPaise: coupon.minOrderPaise } : undefined,
    intraState: order.intraState ?? true,
  });
  return { lines, refundPaise: quote.refundPaise, couponLost: quote.couponLost, keptPaise: quote.keptPaise as number | null };
}

/**
 * What the buyer would get back for returning these lines now (shown before they confirm): the
 * same checks and figures as the request itself, nothing written.
 */
export async function quoteReturn(deps: OrderDeps, userId: string, orderIdInput: string, input: ReturnQuoteInput) {
  if (!isOrderId(orderIdInput)) throw badRequest(orderMessages.invalidOrderId);
  const [row] = await deps.db.select().from(orders).where(eq(orders.id, orderIdInput.toLowerCase()));
  if (!row || row.userId !== userId) throw notFound(orderMessages.orderNotFound);
  if (!returnableUntil(row)) throw badRequest(returnMessages.notDelivered);
  const [order] = await withItems(deps.db, [row]);
  const plan = await planReturn(deps.db, order!, input.items);
  return {
    refundAmount: paiseToRupees(plan.refundPaise),
    couponLost: plan.couponLost,
    couponCode: plan.couponLost ? order!.couponCode : null,
    keptPrice: plan.keptPaise === null ? null : paiseToRupees(plan.keptPaise),
  };
}

/**
 * The buyer asks to return items of their delivered order within RETURN_WINDOW_DAYS of delivery.
 * Runs under the order's row lock, so two requests at once can never together return more than
 * was bought; writes the return, its first timeline step and ReturnRequested in one transaction.
 */
export async function requestReturn(deps: OrderDeps, userId: string, orderIdInput: string, input: RequestReturnInput, refundTo?: RefundTo): Promise<ReturnDetails> {
  if (!isOrderId(orderIdInput)) throw badRequest(orderMessages.invalidOrderId);
  const orderId = orderIdInput.toLowerCase();
  const id = randomUUID();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row || row.userId !== userId) throw notFound(orderMessages.orderNotFound);
    const until = returnableUntil(row);
    if (!until) throw badRequest(returnMessages.notDelivered);
    // A cash-on-delivery order has nothing to refund to: the shop's return form asks for a UPI ID or
    // account; the API takes a request without one, as before (decision 0054).
    if (row.paymentMethod !== 'COD' && refundTo) throw badRequest(refundToMessages.onlyForCod);
    const now = deps.clock();
    if (now.getTime() > until.getTime()) throw badRequest(returnMessages.windowClosed(RETURN_WINDOW_DAYS));

    const [order] = await withItems(tx, [row]);
    const { lines, refundPaise } = await planReturn(tx, order!, input.items);
    await tx.insert(returns).values({ id, orderId, userId, status: 'requested', reason: input.reason, photo: input.photo ?? null, refundPaise, refundTo: refundTo ?? null, createdAt: now, updatedAt: now });
    await tx.insert(returnItems).values(lines.map(({ line, quantity }) => ({ returnId: id, lineNo: line.lineNo, quantity })));
    await tx.insert(returnSteps).values({ returnId: id, status: 'requested', note: null, at: now });
    await enqueueEvent(
      tx,
      deps.schema,
      returnRequestedEvent({ id, orderId, userId, reason: input.reason }, lines.map(({ line, quantity }) => ({ line, quantity }))),
    );
  });
  deps.publishEvents();
  return (await loadReturns(deps.db, [id]))[0]!;
}

/**
 * A refund is paid back out of what the shop received: a cash-on-delivery order's only once its cash
 * was recorded as collected (paidAt), so the books never refund cash the shop never had.
 */
export const mayRefund = (order: { paymentMethod: string; paidAt: Date | null }) => order.paymentMethod !== 'COD' || order.paidAt !== null;

/**
 * Staff move a return on (the machine decides what may follow what), with a note for the shopper.
 * Receiving writes ReturnReceived (the catalog restocks from it) in the same transaction as the
 * status, under the return's row lock, so the stock goes back exactly once; refunding records how
 * (refused with a 409 for a cash-on-delivery order whose cash was not collected, `mayRefund`).
 */
export async function updateReturn(deps: OrderDeps, idInput: string, input: UpdateReturnInput): Promise<ReturnDetails> {
  if (!isReturnId(idInput)) throw badRequest(returnMessages.invalidReturnId);
  const id = idInput.toLowerCase();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(returns).where(eq(returns.id, id)).for('update');
    if (!row) throw notFound(returnMessages.returnNotFound);
    const check = checkReturnTransition(row.status, input.status);
    if (!check.ok) throw badRequest(check.message);
    if (input.status === 'refunded') {
      const [order] = await tx.select({ paymentMethod: orders.paymentMethod, paidAt: orders.paidAt }).from(orders).where(eq(orders.id, row.orderId));
      if (!mayRefund(order!)) throw conflict(returnMessages.codNotCollected);
    }
    const now = deps.clock();
    const changes: Partial<ReturnRow> = { status: input.status, updatedAt: now };
    if (input.status === 'received') changes.receivedAt = now;
    if (input.status === 'refunded') Object.assign(changes, { refundMethod: input.refundMethod, refundReference: input.refundReference, refundedAt: now });
    await tx.update(returns).set(changes).where(eq(returns.id, id));
    await tx.insert(returnSteps).values({ returnId: id, status: input.status, note: input.note ?? null, at: now });
    await enqueueEvent(tx, deps.schema, returnStatusChangedEvent(row, input.status, input.note ?? null));
    if (input.status === 'received') {
      const [details] = await loadReturns(tx, [id]);
      await enqueueEvent(tx, deps.schema, returnReceivedEvent(details!));
      // The credit note reversing what came back, numbered with the receipt (decision 0048).
      await issueCreditNote(tx, deps, row, now);
    }
  });
  deps.publishEvents();
  return (await loadReturns(deps.db, [id]))[0]!;
}

/** Returns by id with their lines (as ordered), timeline and order facts, in the ids' order. */
export async function loadReturns(db: Db | Tx, ids: string[]): Promise<ReturnDetails[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(returns).where(inArray(returns.id, ids));
  const orderRows = await db.select().from(orders).where(inArray(orders.id, [...new Set(rows.map((r) => r.orderId))]));
  const withLines = new Map((await withItems(db, orderRows)).map((o) => [o.id, o]));
  const items = await db.select().from(returnItems).where(inArray(returnItems.returnId, ids)).orderBy(asc(returnItems.lineNo));
  const steps = await db.select().from(returnSteps).where(inArray(returnSteps.returnId, ids)).orderBy(asc(returnSteps.at));
  const notes = new Map((await db.select().from(creditNotes).where(inArray(creditNotes.returnId, ids))).map((n) => [n.returnId, n]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((rid) => {
    const r = byId.get(rid);
    const order = r && withLines.get(r.orderId);
    if (!r || !order) return [];
    return [
      {
        ...r,
        order,
        items: items
          .filter((i) => i.returnId === rid)
          .flatMap((i) => {
            const line = order.items.find((l) => l.lineNo === i.lineNo);
            return line ? [{ line, quantity: i.quantity }] : [];
          }),
        steps: steps.filter((s) => s.returnId === rid),
        creditNote: notes.get(rid) ?? null,
      },
    ];
  });
}

/** The shopper's returns, newest first. */
export async function listUserReturns(deps: Pick<OrderDeps, 'db'>, userId: string): Promise<ReturnDetails[]> {
  const rows = await deps.db.select({ id: returns.id }).from(returns).where(eq(returns.userId, userId)).orderBy(desc(returns.createdAt), desc(returns.id));
  return loadReturns(deps.db, rows.map((r) => r.id));
}

/** The returns of one order, oldest first (its timeline on the order page). */
export async function listOrderReturns(deps: Pick<OrderDeps, 'db'>, orderId: string): Promise<ReturnDetails[]> {
  const rows = await deps.db.select({ id: returns.id }).from(returns).where(eq(returns.orderId, orderId)).orderBy(asc(returns.createdAt), asc(returns.id));
  return loadReturns(deps.db, rows.map((r) => r.id));
}

/** Staff: returns (of a status, if given), newest first, 20 per page. */
export async function listReturns(deps: Pick<OrderDeps, 'db'>, query: { status?: ReturnStatus; page: number }) {
  const where = query.status ? eq(returns.status, query.status) : undefined;
  const [{ n }] = await deps.db.select({ n: count() }).from(returns).where(where);
  const rows = n
    ? await deps.db
        .select({ id: returns.id })
        .from(returns)
        .where(where)
        .orderBy(desc(returns.createdAt), desc(returns.id))
        .limit(RETURNS_PER_PAGE)
        .offset((query.page - 1) * RETURNS_PER_PAGE)
    : [];
  return {
    returns: await loadReturns(deps.db, rows.map((r) => r.id)),
    total: n,
    totalPages: Math.max(1, Math.ceil(n / RETURNS_PER_PAGE)),
    currentPage: query.page,
  };
}

/**
 * Staff refunding a cash-on-delivery return: the UPI ID or account the shopper gave, in full. Only
 * for the return being refunded (received, refund next); everywhere else it is masked (decision 0054).
 */
export async function refundDetailsOf(deps: Pick<OrderDeps, 'db'>, idInput: string): Promise<RefundTo | null> {
  if (!isReturnId(idInput)) throw badRequest(returnMessages.invalidReturnId);
  const [row] = await deps.db.select({ status: returns.status, refundTo: returns.refundTo }).from(returns).where(eq(returns.id, idInput.toLowerCase()));
  if (!row) throw notFound(returnMessages.returnNotFound);
  if (row.status !== 'received') throw conflict(refundToMessages.onlyWhenRefunding);
  return row.refundTo ?? null;
}
