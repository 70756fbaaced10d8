import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { isOrderId, ORDERS_PER_PAGE, orderMessages, type OrderStatus, type Role } from '@shop/proto-contracts';
import { badRequest, enqueueEvent, notFound, type Db, type Tx } from '@shop/platform';
import { orders, type OrderRow } from '../db/schema';
import type { OrderDeps } from './order-deps';
import { orderCancelledEvent, orderStatusChangedEvent } from './order.events';
import { withItems, type Order } from './order.model';
import { canBuyerCancel, checkTransition, effectsOf, HOLDS_STOCK } from './order-status.machine';
import { istDateOf, istDayBounds } from './shop-calendar';

/** Who is asking: the buyer sees their own orders, staff see every order. */
export interface Viewer {
  userId: string;
  role: Role;
}

export const isStaff = (v: Viewer) => v.role === 'admin' || v.role === 'emp';

const newestFirst = [desc(orders.createdAt), desc(orders.id)];

function assertOrderId(id: string): string {
  if (!isOrderId(id)) throw badRequest(orderMessages.invalidOrderId);
  return id.toLowerCase();
}

/** An order with its items by (valid, lower-case) id, whoever asks: callers check who may see it. */
export async function loadOrder(db: Db | Tx, id: string): Promise<Order | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ? (await withItems(db, [row]))[0] : undefined;
}

/** One order for its buyer or staff; anyone else gets the same 404 as for an order that does not exist. */
export async function getOrder(deps: OrderDeps, viewer: Viewer, id: string): Promise<Order> {
  const order = await loadOrder(deps.db, assertOrderId(id));
  if (!order || (order.userId !== viewer.userId && !isStaff(viewer))) throw notFound(orderMessages.orderNotFound);
  return order;
}

/** The user's orders, newest first. */
export async function listUserOrders(deps: Pick<OrderDeps, 'db'>, userId: string): Promise<Order[]> {
  const rows = await deps.db.select().from(orders).where(eq(orders.userId, userId)).orderBy(...newestFirst);
  return withItems(deps.db, rows);
}

/** Whether the user has ordered before (any order, cancelled ones too): the first order gets 10% off. */
export async function hasEarlierOrder(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).limit(1);
  return Boolean(row);
}

/**
 * In one round trip: whether the user has any order (the first-order rule) and the id of the one
 * placed with this idempotency key, if any.
 */
export async function earlierOrders(db: Db | Tx, userId: string, key: string | undefined): Promise<{ any: boolean; sameKey?: string }> {
  // The order with this key sorts first when there is one; any order of the user answers the rest.
  const [row] = await db
    .select({ id: orders.id, idempotencyKey: orders.idempotencyKey })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(sql`(${orders.idempotencyKey} = ${key ?? null}) desc nulls last`)
    .limit(1);
  return { any: Boolean(row), sameKey: key !== undefined && row?.idempotencyKey === key ? row.id : undefined };
}

/** The order a user already placed with an idempotency key, if any. */
export async function findByIdempotencyKey(db: Db | Tx, userId: string, key: string): Promise<Order | undefined> {
  const [row] = await db.select().from(orders).where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  return row ? (await withItems(db, [row]))[0] : undefined;
}

export interface OrderPage {
  orders: Order[];
  total: number;
  totalPages: number;
  currentPage: number;
}

/**
 * Staff: the orders of one Asia/Kolkata calendar day (today's when no date is given), newest
 * first, 10 per page. A page past the end is empty with the real totals; there is always page 1.
 */
export async function listOrdersByDate(deps: OrderDeps, query: { date?: string; page: number }): Promise<OrderPage & { date: string }> {
  const date = query.date ?? istDateOf(deps.clock());
  const { from, to } = istDayBounds(date);
  const where = and(gte(orders.createdAt, from), lt(orders.createdAt, to));
  const [{ n }] = await deps.db.select({ n: count() }).from(orders).where(where);
  const rows = n
    ? await deps.db.select().from(orders).where(where).orderBy(...newestFirst).limit(ORDERS_PER_PAGE).offset((query.page - 1) * ORDERS_PER_PAGE)
    : [];
  return { date, orders: await withItems(deps.db, rows), total: n, totalPages: Math.max(1, Math.ceil(n / ORDERS_PER_PAGE)), currentPage: query.page };
}

/** Staff: all orders (of a status, if given), newest first, with the sum of the totals of those not cancelled. */
export async function listAllOrders(
  deps: OrderDeps,
  query: { status?: OrderStatus; page: number; limit: number },
): Promise<OrderPage & { totalAmountPaise: number }> {
  const where: SQL | undefined = query.status ? eq(orders.status, query.status) : undefined;
  const [agg] = await deps.db
    .select({
      n: count(),
      amount: sql<string | null>`sum(${orders.totalPaise}) filter (where ${orders.status} <> 'cancelled')`,
    })
    .from(orders)
    .where(where);
  const rows = agg.n
    ? await deps.db.select().from(orders).where(where).orderBy(...newestFirst).limit(query.limit).offset((query.page - 1) * query.limit)
    : [];
  return {
    orders: await withItems(deps.db, rows),
    total: agg.n,
    totalPages: Math.max(1, Math.ceil(agg.n / query.limit)),
    currentPage: query.page,
    totalAmountPaise: Number(agg.amount ?? 0),
  };
}

/**
 * Moves an order to a new status under its row lock, after the machine allows it; stamps the
 * dates, settles cash on delivery when delivered, and writes OrderStatusChanged (and
 * OrderCancelled when cancelled, so the catalog gives the stock back) in the same transaction.
 */
async function changeStatus(deps: OrderDeps, id: string, to: OrderStatus, guard: (row: OrderRow) => void): Promise<Order> {
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!row) throw notFound(orderMessages.orderNotFound);
    guard(row);
    const check = checkTransition(row.status, to);
    if (!check.ok) throw badRequest(check.message);
    const now = deps.clock();
    const [saved] = await tx
      .update(orders)
      .set({ ...effectsOf(row, to, now), updatedAt: now })
      .where(eq(orders.id, id))
      .returning();
    const [order] = await withItems(tx, [saved]);
    await enqueueEvent(tx, deps.schema, orderStatusChangedEvent(order, row.status));
    if (to === 'cancelled') await enqueueEvent(tx, deps.schema, orderCancelledEvent(order, 'cancelled', row.status));
    return order;
  });
  deps.publishEvents();
  return updated;
}

/** Staff set an order's status (any allowed move). */
export function setOrderStatus(deps: OrderDeps, id: string, to: OrderStatus): Promise<Order> {
  return changeStatus(deps, assertOrderId(id), to, () => undefined);
}

/** The buyer cancels their own order while it is pending or processing; the stock goes back. */
export function cancelOwnOrder(deps: OrderDeps, userId: string, id: string): Promise<Order> {
  return changeStatus(deps, assertOrderId(id), 'cancelled', (row) => {
    if (row.userId !== userId) throw notFound(orderMessages.orderNotFound);
    if (!canBuyerCancel(row.status)) throw badRequest(orderMessages.cannotCancel(row.status));
  });
}

/** Admin: deletes an order; one still holding stock gives it back (OrderCancelled, same transaction). */
export async function deleteOrder(deps: OrderDeps, id: string): Promise<void> {
  const orderId = assertOrderId(id);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(orders).where(eq(orders.id, orderId)).returning();
    if (!row) throw notFound(orderMessages.orderNotFound);
    if (HOLDS_STOCK.includes(row.status)) await enqueueEvent(tx, deps.schema, orderCancelledEvent(row, 'deleted', row.status));
  });
  deps.publishEvents();
}
