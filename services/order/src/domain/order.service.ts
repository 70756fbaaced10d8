import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, gte, isNotNull, isNull, lt, or, sql, type Column, type SQL } from 'drizzle-orm';
import {
  isOrderId,
  keptForTheBooks,
  mayReadAccountEmail,
  MAX_ORDERS_EXPORT,
  ORDERS_PER_PAGE,
  orderMessages,
  readOrderSearch,
  shippingMessages,
  type AdminOrdersQuery,
  type ArchivedFilter,
  type ChangeOrderStatus,
  type OrderStatus,
  type Role,
} from '@shop/proto-contracts';
import { badRequest, conflict, enqueueEvent, fixedStatement, forbidden, notFound, type Db, type Tx } from '@shop/platform';
import { invoices, orderItems, orderNotes, orders, type OrderItemRow, type OrderNoteRow, type OrderRow } from '../db/schema';
import type { OrderDeps } from './order-deps';
import { orderCancelledEvent } from './order.events';
import { runStatusHooks } from './order-status.hooks';
import { withItems, type Order } from './order.model';
import { canBuyerCancel, checkCodCollection, checkTransition, effectsOf, HOLDS_STOCK } from './order-status.machine';
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

/** One order with its items as JSON, in one statement (written once: every order's mail reads it). */
const loadOrderStatement = fixedStatement<{ o: Record<string, unknown>; items: Record<string, unknown>[] }>(`select to_jsonb(o) as o,
    coalesce((select jsonb_agg(to_jsonb(i) order by i.line_no) from "order".order_items as i where i.order_id = o.id), '[]'::jsonb) as items
  from "order".orders as o where o.id = $1::uuid`);

const orderColumns = getTableColumns(orders);
const orderItemColumns = getTableColumns(orderItems);

/** A row read as JSON (column names as keys) in the shape drizzle gives for the table: timestamps as Dates. */
function fromJson<T>(columns: Record<string, Column>, json: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = json[column.name] ?? null;
    row[key] = value !== null && column.dataType === 'date' ? new Date(value as string) : value;
  }
  return row as T;
}

/** An order with its items by (valid, lower-case) id, whoever asks: callers check who may see it. */
export async function loadOrder(db: Db | Tx, id: string): Promise<Order | undefined> {
  const [row] = await loadOrderStatement(db, [id]);
  if (!row) return undefined;
  const items = row.items.map((i) => fromJson<OrderItemRow>(orderItemColumns, i));
  return { ...fromJson<OrderRow>(orderColumns, row.o), items };
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

// Status is stored lower-case but compared case-insensitively (clients send 'Shipped' too; decision 0075).
const notCancelled = sql`lower(${orders.status}) <> 'cancelled'`;

/**
 * Whether the user has an order that is not cancelled: the first order that is not cancelled gets
 * 10% off, so a cancelled first order leaves the next one eligible.
 */
export async function hasEarlierOrder(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(and(eq(orders.userId, userId), notCancelled)).limit(1);
  return Boolean(row);
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
export async function listOrdersByDate(deps: OrderDeps, query: { date?: string; page: number; archived?: ArchivedFilter }): Promise<OrderPage & { date: string }> {
  const date = query.date ?? istDateOf(deps.clock());
  const { from, to } = istDayBounds(date);
  const where = and(gte(orders.createdAt, from), lt(orders.createdAt, to), archivedWhere(query.archived ?? 'exclude'));
  const [{ n }] = await deps.db.select({ n: count() }).from(orders).where(where);
  const rows = n
    ? await deps.db.select().from(orders).where(where).orderBy(...newestFirst).limit(ORDERS_PER_PAGE).offset((query.page - 1) * ORDERS_PER_PAGE)
    : [];
  return { date, orders: await withItems(deps.db, rows), total: n, totalPages: Math.max(1, Math.ceil(n / ORDERS_PER_PAGE)), currentPage: query.page };
}

/** The archive mark a staff list keeps (decision 0103): the lists hide archived orders unless asked. */
function archivedWhere(filter: ArchivedFilter): SQL | undefined {
  if (filter === 'exclude') return isNull(orders.archivedAt);
  if (filter === 'only') return isNotNull(orders.archivedAt);
  return undefined;
}

/** `%text%` for LIKE, with the text's own wildcards taken literally. */
const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The conditions of a staff order search (AND of the given filters; `q` matches any of its
 * readings). The buyer's email is matched only for a viewer who may read it (an emp could
 * otherwise confirm a guessed address one search at a time).
 */
function orderSearchWhere(query: Omit<AdminOrdersQuery, 'page' | 'limit'>, viewer: Viewer, archivedByDefault: ArchivedFilter): SQL | undefined {
  const parts: SQL[] = [];
  const archived = archivedWhere(query.archived ?? archivedByDefault);
  if (archived) parts.push(archived);
  if (query.q) {
    const read = readOrderSearch(query.q);
    if (read.id) parts.push(eq(orders.id, read.id));
    else {
      // The buyer's email and name as they were when ordering (the order's own copy).
      const any: SQL[] = [sql`${orders.userName} ilike ${likeContaining(read.text)}`];
      if (mayReadAccountEmail(viewer)) any.push(sql`${orders.userEmail} ilike ${likeContaining(read.text)}`);
      if (read.idSuffix) any.push(sql`${orders.id}::text like ${`%${read.idSuffix}`}`);
      if (read.phoneDigits) any.push(sql`${orders.shipPhone} like ${likeContaining(read.phoneDigits)}`);
      parts.push(or(...any)!);
    }
  }
  if (query.status) parts.push(eq(orders.status, query.status));
  if (query.payment) parts.push(eq(orders.paymentStatus, query.payment));
  if (query.from) parts.push(gte(orders.createdAt, istDayBounds(query.from).from));
  if (query.to) parts.push(lt(orders.createdAt, istDayBounds(query.to).to));
  return parts.length ? and(...parts) : undefined;
}

/**
 * Staff: the orders a search finds (every order without filters), newest first, one page, with the
 * sum of the totals of those not cancelled over all pages. A page past the end is empty.
 */
export async function listAllOrders(deps: Pick<OrderDeps, 'db'>, query: AdminOrdersQuery, viewer: Viewer): Promise<OrderPage & { totalAmountPaise: number }> {
  const where = orderSearchWhere(query, viewer, 'exclude');
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
 * Staff: every order a search finds, newest first, at most MAX_ORDERS_EXPORT (for the CSV export);
 * an export is for the books, so archived orders are in it unless the search says otherwise.
 */
export async function exportOrders(deps: Pick<OrderDeps, 'db'>, query: Omit<AdminOrdersQuery, 'page' | 'limit'>, viewer: Viewer): Promise<Order[]> {
  const rows = await deps.db.select().from(orders).where(orderSearchWhere(query, viewer, 'include')).orderBy(...newestFirst).limit(MAX_ORDERS_EXPORT);
  return withItems(deps.db, rows);
}

/**
 * Moves an order to a new status under its row lock, after the machine allows it: stamps the dates
 * and settles the payment (`effectsOf`), then runs the move's hooks (order-status.hooks.ts: the
 * events, the invoice on delivery, the coupon on cancelling) in the same transaction.
 */
async function changeStatus(
  deps: OrderDeps,
  id: string,
  to: OrderStatus,
  guard: (row: OrderRow) => void,
  shipment?: { courier: string; trackingNumber: string },
): Promise<Order> {
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!row) throw notFound(orderMessages.orderNotFound);
    guard(row);
    const check = checkTransition(row.status, to);
    if (!check.ok) throw badRequest(check.message);
    const now = deps.clock();
    const [saved] = await tx
      .update(orders)
      .set({ ...effectsOf(row, to, now), ...(to === 'shipped' && shipment ? shipment : {}), updatedAt: now })
      .where(eq(orders.id, id))
      .returning();
    const [order] = await withItems(tx, [saved]);
    await runStatusHooks({ tx, deps, order, from: row.status, now });
    return order;
  });
  deps.publishEvents();
  return updated;
}

/** Staff set an order's status (any allowed move); shipping records the courier and tracking number. */
export function setOrderStatus(deps: OrderDeps, id: string, change: ChangeOrderStatus): Promise<Order> {
  const shipment = change.courier && change.trackingNumber ? { courier: change.courier, trackingNumber: change.trackingNumber } : undefined;
  return changeStatus(deps, assertOrderId(id), change.status, () => undefined, shipment);
}

const codRefusal = { 'not-cod': () => shippingMessages.notCod, settled: (s: string) => shippingMessages.codAlreadySettled(s), 'not-handed-over': () => shippingMessages.codNotHandedOver };

/**
 * Staff record the cash of a cash-on-delivery order as collected (its own confirmed step, decision
 * 0054): the payment becomes Paid with the moment, under the order's row lock. Refused (409) for an
 * order paid online, already settled, or not yet shipped.
 */
export async function collectCod(deps: OrderDeps, id: string): Promise<Order> {
  const orderId = assertOrderId(id);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row) throw notFound(orderMessages.orderNotFound);
    const check = checkCodCollection(row);
    if (!check.ok) throw conflict(codRefusal[check.reason](row.paymentStatus));
    const now = deps.clock();
    const [saved] = await tx.update(orders).set({ paymentStatus: 'Paid', paidAt: now, updatedAt: now }).where(eq(orders.id, orderId)).returning();
    return (await withItems(tx, [saved]))[0];
  });
}

/** Staff: the staff-only notes of an order, oldest first (404 for an order that does not exist). */
export async function listOrderNotes(deps: Pick<OrderDeps, 'db'>, id: string): Promise<OrderNoteRow[]> {
  const orderId = assertOrderId(id);
  const [order] = await deps.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(orderMessages.orderNotFound);
  return notesOf(deps.db, orderId);
}

/** The notes of an order known to exist, oldest first. */
export function notesOf(db: Db | Tx, orderId: string): Promise<OrderNoteRow[]> {
  return db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId)).orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
}

/** Staff add a note to an order, signed with their name; never shown to the buyer. */
export async function addOrderNote(deps: OrderDeps, author: { userId: string; name: string }, id: string, text: string): Promise<OrderNoteRow> {
  const orderId = assertOrderId(id);
  const [order] = await deps.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(orderMessages.orderNotFound);
  try {
    const [note] = await deps.db
      .insert(orderNotes)
      .values({ id: randomUUID(), orderId, authorId: author.userId, authorName: author.name, text, createdAt: deps.clock() })
      .returning();
    return note;
  } catch (error) {
    // Deleted in between: the same 404 as before.
    if ((error as { code?: string; cause?: { code?: string } }).code === '23503' || (error as { cause?: { code?: string } }).cause?.code === '23503') {
      throw notFound(orderMessages.orderNotFound);
    }
    throw error;
  }
}

/** The buyer cancels their own order while it is pending or processing; the stock goes back. */
export function cancelOwnOrder(deps: OrderDeps, userId: string, id: string): Promise<Order> {
  return changeStatus(deps, assertOrderId(id), 'cancelled', (row) => {
    if (row.userId !== userId) throw notFound(orderMessages.orderNotFound);
    if (!canBuyerCancel(row.status)) throw badRequest(orderMessages.cannotCancel(row.status));
  });
}

/**
 * Admin: deletes an order that never left the warehouse; one still holding stock gives it back
 * (OrderCancelled, same transaction). An order that was ever shipped or has a tax invoice is in the
 * books and is never deleted (409, decision 0103): it is archived instead. Emp: 403.
 */
export async function deleteOrder(deps: OrderDeps, viewer: Viewer, id: string): Promise<void> {
  if (viewer.role !== 'admin') throw forbidden();
  const orderId = assertOrderId(id);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row) throw notFound(orderMessages.orderNotFound);
    const [invoice] = await tx.select({ orderId: invoices.orderId }).from(invoices).where(eq(invoices.orderId, orderId));
    if (keptForTheBooks({ status: row.status, shippedAt: row.shippedAt, invoiced: Boolean(invoice) })) throw conflict(orderMessages.cannotDeleteShipped);
    await tx.delete(orders).where(eq(orders.id, orderId));
    if (HOLDS_STOCK.includes(row.status)) await enqueueEvent(tx, deps.schema, orderCancelledEvent(row, 'deleted', row.status));
  });
  deps.publishEvents();
}

/**
 * Admin: archives an order (or unarchives it, `archived: false`), any order in any status (decision
 * 0103). Archiving changes nothing but the mark: the order hides from the staff's default lists and
 * stays in the buyer's account, its invoice and credit notes, the GST summary and the exports. Emp: 403.
 */
export async function archiveOrder(deps: OrderDeps, viewer: Viewer, id: string, archived: boolean): Promise<Order> {
  if (viewer.role !== 'admin') throw forbidden(orderMessages.archiveOnlyAdmin);
  const orderId = assertOrderId(id);
  const now = deps.clock();
  const [saved] = await deps.db
    .update(orders)
    .set({ archivedAt: archived ? sql`coalesce(${orders.archivedAt}, ${now.toISOString()}::timestamptz)` : null, updatedAt: now })
    .where(eq(orders.id, orderId))
    .returning();
  if (!saved) throw notFound(orderMessages.orderNotFound);
  return (await withItems(deps.db, [saved]))[0]!;
}
