import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  isOrderId,
  isReturnId,
  orderMessages,
  RETURN_WINDOW_DAYS,
  returnMessages,
  RETURNS_PER_PAGE,
  refundToMessages,
  type RefundTo,
  type RequestReturnInput,
  type ReturnStatus,
  type UpdateReturnInput,
} from '@shop/proto-contracts';
import { badRequest, conflict, enqueueEvent, notFound, type Db, type Tx } from '@shop/platform';
import { orders, returnItems, returns, returnSteps, type OrderItemRow, type ReturnRow } from '../db/schema';
import type { OrderDeps } from './order-deps';
import { withItems, type Order } from './order.model';
import { returnReceivedEvent, returnRequestedEvent, returnStatusChangedEvent } from './return.events';
import { returnRefundPaise, type ReturnDetails } from './return.model';
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
    const already = await returnedByLine(tx, orderId);
    const wanted = new Map<number, { line: OrderItemRow; quantity: number }>();
    for (const item of input.items) {
      const line = lineFor(order!, item);
      const entry = wanted.get(line.lineNo) ?? { line, quantity: 0 };
      entry.quantity += item.quantity;
      wanted.set(line.lineNo, entry);
    }
    for (const { line, quantity } of wanted.values()) {
      const left = line.quantity - (already.get(line.lineNo) ?? 0);
      if (quantity > left) throw conflict(returnMessages.tooMany(line.name, Math.max(0, left)));
    }

    const lines = [...wanted.values()].sort((a, b) => a.line.lineNo - b.line.lineNo);
    const refundPaise = returnRefundPaise(row, lines.map(({ line, quantity }) => ({ unitPricePaise: line.pricePaise, quantity })));
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
 * Staff move a return on (the machine decides what may follow what), with a note for the shopper.
 * Receiving writes ReturnReceived (the catalog restocks from it) in the same transaction as the
 * status, under the return's row lock, so the stock goes back exactly once; refunding records how.
 */
export async function updateReturn(deps: OrderDeps, idInput: string, input: UpdateReturnInput): Promise<ReturnDetails> {
  if (!isReturnId(idInput)) throw badRequest(returnMessages.invalidReturnId);
  const id = idInput.toLowerCase();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(returns).where(eq(returns.id, id)).for('update');
    if (!row) throw notFound(returnMessages.returnNotFound);
    const check = checkReturnTransition(row.status, input.status);
    if (!check.ok) throw badRequest(check.message);
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
