import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { AppError, outboxMailer, requeueOutboxEvents, type Db, type Logger, type Tx } from '@shop/platform';
import { eventSchemas, stockReservationRequestSchema, type EventType } from '@shop/proto-contracts';
import { stockReservations } from '@shop/catalog/src/db/schema';
import { CATALOG_QUEUES } from '@shop/catalog/src/events/order-events';
import { STOCK_NOTICE_USERS_QUEUE } from '@shop/catalog/src/events/back-in-stock.consumer';
import { CategoryDirectory } from '@shop/catalog/src/domain/category.directory';
import type { CatalogDeps } from '@shop/catalog/src/domain/catalog-deps';
import { releaseReservationIn, reserveStock } from '@shop/catalog/src/domain/stock-reservation.service';
import { cartLines } from '@shop/cart/src/db/schema';
import { CART_QUEUES, orderedVariants } from '@shop/cart/src/events/cart-events';
import { removeOrderedLinesOnce } from '@shop/cart/src/domain/cart.service';
import { orderItems, orders, pendingCheckouts, releasedCheckouts } from '@shop/order/src/db/schema';
import { auditDocumentNumbers } from '@shop/order/src/domain/document-numbering.check';

export const checkedServices = ['auth', 'catalog', 'cart', 'order', 'media'] as const;
export type CheckedService = (typeof checkedServices)[number];
/** One connection per service database (in embedded mode, the same one five times: one schema each). */
export type ServiceDatabases = Record<CheckedService, Db>;

export type FindingKind =
  | 'order-without-reservation'
  | 'reservation-released-for-live-order'
  | 'reservation-held-for-cancelled-order'
  | 'reservation-without-order'
  | 'cart-holds-ordered-lines'
  | 'event-not-relayed'
  | 'document-counter-behind'
  | 'document-counter-ahead'
  | 'document-number-gap'
  | 'document-number-duplicate';

/** One thing that crosses services and did not come back whole: what it is, and whether the check repaired it. */
export interface Finding {
  kind: FindingKind;
  /** What it concerns, e.g. `order 6f1c…` or `invoice 2026-27`. */
  subject: string;
  detail: string;
  repaired: boolean;
}

export interface ConsistencyReport {
  findings: Finding[];
  /** Events not yet published by their service's relay: it sends them when the service runs (not a finding). */
  waitingEvents: number;
}

export interface ConsistencyCheckOptions {
  /** Make the safe repairs (else only list). */
  repair: boolean;
  now: Date;
  /**
   * How long a checkout may hold stock without an order (the order service's
   * RESERVATION_TIMEOUT_SECONDS): a reservation without an order is released only once it is older.
   */
  checkoutWindowMs: number;
  logger: Logger;
}

/**
 * The events whose effect lives in another service's database: the producer's outbox row, and the
 * consumer's processed-event row (its consumer name is its queue) once it acted on it. Only
 * consumers that record every event they hear are listed (the cart's ProductChanged does not:
 * it skips products no cart holds).
 */
const crossings: ReadonlyArray<{ producer: CheckedService; consumer: CheckedService; queue: string; types: readonly EventType[] }> = [
  { producer: 'order', consumer: 'cart', queue: CART_QUEUES.orders, types: ['OrderPlaced'] },
  { producer: 'order', consumer: 'catalog', queue: CATALOG_QUEUES.orders, types: ['OrderCancelled', 'ReturnReceived', 'OrderStatusChanged'] },
  { producer: 'auth', consumer: 'cart', queue: CART_QUEUES.users, types: ['UserDeleted'] },
  { producer: 'auth', consumer: 'catalog', queue: STOCK_NOTICE_USERS_QUEUE, types: ['UserDeleted'] },
];

interface OutboxEvent {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  occurred_at: Date | string;
  published_at: Date | string | null;
}

/** drizzle's execute answers the rows directly (PGlite) or in `rows` (node-postgres). */
async function rowsOf<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

function outboxEvents(db: Db | Tx, schema: CheckedService, types: readonly string[]): Promise<OutboxEvent[]> {
  return rowsOf<OutboxEvent>(
    db,
    sql`select id, type, payload, occurred_at, published_at from ${sql.identifier(schema)}.outbox where type = any(${`{${types.join(',')}}`}::text[]) order by occurred_at, id`,
  );
}

async function processedIds(db: Db, schema: CheckedService, consumer: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await rowsOf<{ event_id: string }>(
    db,
    sql`select event_id from ${sql.identifier(schema)}.processed_events where consumer = ${consumer} and event_id = any(${`{${ids.join(',')}}`}::uuid[])`,
  );
  return new Set(rows.map((r) => r.event_id));
}

const short = (id: string) => id.slice(0, 8);
const payloadOf = (e: OutboxEvent): Record<string, unknown> => (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload);

/** The catalog's domain dependencies for its own reservation functions, on the catalog's database (its relay publishes what they write). */
function catalogDepsOn(db: Db, opts: ConsistencyCheckOptions): CatalogDeps {
  return {
    db,
    schema: 'catalog',
    logger: opts.logger,
    clock: () => new Date(),
    publishEvents: () => undefined,
    categories: new CategoryDirectory(db),
    reviewsNeedApproval: true,
    lowStockThreshold: 5,
    mailer: outboxMailer({ db, schema: 'catalog', logger: opts.logger, print: false }),
    publicUrl: 'http://localhost:3000',
  };
}

/**
 * After a restore of the five databases from different moments, lists what crosses services and
 * did not come back whole, and (with `repair`) settles what can be settled safely, each time
 * through the owning service's own domain functions on its own database:
 *
 * - an order (not cancelled) whose stock reservation the catalog does not have: reserved again
 *   under the order's id (catalog's reserveStock), or listed when the stock is short now;
 * - a cancelled order whose reservation still holds stock, a reservation whose order was given up
 *   or deleted while holding stock, or one the order database never heard of once the checkout
 *   window has passed: released (catalog's releaseReservationIn); a checkout still pending is left
 *   to the order service's own recovery; a reservation released while its order stands is listed;
 * - a cart that still holds lines of an order the cart never heard was placed: the lines go as
 *   OrderPlaced would have removed them (cart's removeOrderedLinesOnce, which also records the
 *   event as handled);
 * - an event published before the consumer's backup was taken but not in it: re-queued in the
 *   producer's outbox (consumers are idempotent by event id);
 * - invoice and credit-note numbers: a counter behind its highest number is advanced (order's
 *   auditDocumentNumbers); gaps, duplicates and a counter ahead are listed.
 *
 * Every repair is idempotent: run again, the check finds nothing it repaired. The catalog is read
 * before the order database, and the order database in one snapshot, so a checkout running beside
 * the check is never taken for an inconsistency.
 */
export async function checkConsistency(dbs: ServiceDatabases, opts: ConsistencyCheckOptions): Promise<ConsistencyReport> {
  const findings: Finding[] = [];
  const found = (kind: FindingKind, subject: string, detail: string, repaired: boolean) => findings.push({ kind, subject, detail, repaired });
  const catalog = catalogDepsOn(dbs.catalog, opts);

  const reservations = await dbs.catalog.select({ id: stockReservations.id, createdAt: stockReservations.createdAt, releasedAt: stockReservations.releasedAt }).from(stockReservations);
  const orderTypes = [...new Set(crossings.filter((c) => c.producer === 'order').flatMap((c) => c.types))];
  const orderSide = await dbs.order.transaction(
    async (tx) => ({
      // Oldest first: when stock is short, the orders placed first take it again.
      orders: await tx.select({ id: orders.id, userId: orders.userId, status: orders.status }).from(orders).orderBy(orders.createdAt, orders.id),
      pending: new Set((await tx.select({ id: pendingCheckouts.id }).from(pendingCheckouts)).map((r) => r.id)),
      given: new Set((await tx.select({ id: releasedCheckouts.id }).from(releasedCheckouts)).map((r) => r.id)),
      events: await outboxEvents(tx, 'order', orderTypes),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  // Orders and their reservations.
  const reservationOf = new Map(reservations.map((r) => [r.id, r]));
  const orderOf = new Map(orderSide.orders.map((o) => [o.id, o]));
  const placedIds = new Set(orderSide.events.filter((e) => e.type === 'OrderPlaced').map((e) => String(payloadOf(e).orderId).toLowerCase()));
  const cancelledIds = new Set(orderSide.events.filter((e) => e.type === 'OrderCancelled').map((e) => String(payloadOf(e).orderId).toLowerCase()));
  const release = async (id: string) => {
    await dbs.catalog.transaction((tx) => releaseReservationIn(tx, catalog, id));
  };

  const unreserved = orderSide.orders.filter((o) => o.status !== 'cancelled' && !reservationOf.has(o.id));
  const itemsOf = new Map<string, Array<{ productId: string; quantity: number; size: string | null; color: string | null }>>();
  if (unreserved.length) {
    const rows = await dbs.order
      .select({ orderId: orderItems.orderId, productId: orderItems.productId, quantity: orderItems.quantity, size: orderItems.size, color: orderItems.color })
      .from(orderItems)
      .where(inArray(orderItems.orderId, unreserved.map((o) => o.id)))
      .orderBy(orderItems.orderId, orderItems.lineNo);
    for (const r of rows) itemsOf.set(r.orderId, [...(itemsOf.get(r.orderId) ?? []), r]);
  }
  for (const order of unreserved) {
    const subject = `order ${short(order.id)}`;
    const items = itemsOf.get(order.id) ?? [];
    const what = items.map((i) => `${i.quantity} × ${short(i.productId)}${i.size ? ` (${i.size})` : ''}`).join(', ');
    if (!opts.repair || items.length === 0) {
      found('order-without-reservation', subject, `${order.status} order; the catalog holds no stock for it (${what || 'no lines'})`, false);
      continue;
    }
    try {
      const request = stockReservationRequestSchema.parse({
        reservationId: order.id,
        items: items.map((i) => ({ productId: i.productId, quantity: i.quantity, size: i.size ?? undefined, color: i.color ?? undefined })),
      });
      const outcome = await reserveStock(catalog, request);
      if (outcome.ok) found('order-without-reservation', subject, `${order.status} order; its stock was reserved again (${what})`, true);
      else found('order-without-reservation', subject, `${order.status} order; its stock could not be reserved again: ${outcome.shortage.message}`, false);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      found('order-without-reservation', subject, `${order.status} order; its stock could not be reserved again: ${err.message}`, false);
    }
  }

  for (const r of reservations) {
    const order = orderOf.get(r.id);
    const subject = `reservation ${short(r.id)}`;
    if (order) {
      if (order.status === 'cancelled' && !r.releasedAt) {
        if (opts.repair) await release(r.id);
        found('reservation-held-for-cancelled-order', subject, opts.repair ? 'its order is cancelled; the stock was released' : 'its order is cancelled; the stock is still held', opts.repair);
      } else if (order.status !== 'cancelled' && r.releasedAt) {
        found('reservation-released-for-live-order', subject, `its ${order.status} order stands but the stock went back; cancel the order or take the stock by hand`, false);
      }
      continue;
    }
    if (r.releasedAt) continue;
    if (orderSide.pending.has(r.id)) continue; // The order service's recovery ends it (decision 0020).
    // Placed and deleted here: while still holding stock its OrderCancelled says so; after shipping the stock rightly stays taken.
    if (placedIds.has(r.id) && !cancelledIds.has(r.id)) continue;
    const why = orderSide.given.has(r.id) || cancelledIds.has(r.id) ? 'its checkout was given up or its order deleted' : undefined;
    const windowPassed = opts.now.getTime() - r.createdAt.getTime() > opts.checkoutWindowMs;
    if (!why && !windowPassed) {
      found('reservation-without-order', subject, 'the order database has no order or checkout for it; its checkout window has not passed yet (run the check again later)', false);
      continue;
    }
    if (opts.repair) await release(r.id);
    const reason = why ?? 'the order database has no order or checkout for it and its checkout window has passed';
    found('reservation-without-order', subject, `${reason}; ${opts.repair ? 'the stock was released' : 'the stock is still held'}`, opts.repair);
  }

  // Carts that still hold lines of orders they never heard of.
  const placed = orderSide.events.filter((e) => e.type === 'OrderPlaced');
  const cartKnows = await processedIds(dbs.cart, 'cart', CART_QUEUES.orders, placed.map((e) => e.id));
  const settledByCart = new Set<string>();
  for (const event of placed) {
    if (cartKnows.has(event.id)) continue;
    const payload = eventSchemas.OrderPlaced.payload.safeParse(payloadOf(event));
    if (!payload.success) continue;
    const ordered = orderedVariants.parse(payload.data.items);
    const placedAt = new Date(event.occurred_at);
    const lines = await dbs.cart.select().from(cartLines).where(eq(cartLines.userId, payload.data.userId));
    const same = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
    const held = lines.filter((l) => l.updatedAt <= placedAt && ordered.some((o) => o.productId === l.productId && same(o.size, l.size) && same(o.color, l.color)));
    if (held.length === 0) continue;
    if (opts.repair) {
      await removeOrderedLinesOnce(dbs.cart, { schema: 'cart', consumer: CART_QUEUES.orders, eventId: event.id }, payload.data.userId, ordered, placedAt);
    }
    settledByCart.add(event.id);
    found(
      'cart-holds-ordered-lines',
      `cart of user ${short(payload.data.userId)}`,
      `${held.length} line(s) of order ${short(payload.data.orderId)} ${opts.repair ? 'were removed' : 'are still in it'}`,
      opts.repair,
    );
  }

  // Events published before the consumer's backup was taken, missing from it.
  const authEvents = await outboxEvents(dbs.auth, 'auth', [...new Set(crossings.filter((c) => c.producer === 'auth').flatMap((c) => c.types))]);
  const waiting = new Set<string>();
  const requeued = new Set<string>();
  for (const crossing of crossings) {
    const events = (crossing.producer === 'order' ? orderSide.events : authEvents).filter((e) => crossing.types.includes(e.type as EventType) && !settledByCart.has(e.id));
    const known = await processedIds(dbs[crossing.consumer], crossing.consumer, crossing.queue, events.map((e) => e.id));
    const lost = events.filter((e) => !known.has(e.id));
    for (const e of lost.filter((e) => e.published_at === null)) waiting.add(e.id);
    const published = lost.filter((e) => e.published_at !== null);
    if (published.length === 0) continue;
    if (opts.repair) for (const id of await requeueOutboxEvents(dbs[crossing.producer], crossing.producer, published.map((e) => e.id))) requeued.add(id);
    for (const e of published) {
      const p = payloadOf(e);
      const about = p.orderId ? ` of order ${short(String(p.orderId))}` : p.userId ? ` of user ${short(String(p.userId))}` : '';
      // (An event two consumers missed is re-queued once, for both.)
      const repaired = requeued.has(e.id);
      found(
        'event-not-relayed',
        `${e.type} ${short(e.id)}`,
        `${e.type}${about} was published by ${crossing.producer} but ${crossing.consumer} never handled it (${crossing.queue}); ${repaired ? 're-queued in the outbox' : 'not re-queued'}`,
        repaired,
      );
    }
  }

  for (const issue of await auditDocumentNumbers(dbs.order, { repair: opts.repair })) {
    const subject = `${issue.document} ${issue.financialYear}`;
    if (issue.kind === 'counter-behind') {
      found('document-counter-behind', subject, `the counter is at ${issue.counter ?? 'none'} but number ${issue.highest} was issued; ${issue.repaired ? `advanced to ${issue.highest}` : 'not advanced'}`, issue.repaired);
    } else if (issue.kind === 'counter-ahead') {
      found('document-counter-ahead', subject, `the counter is at ${issue.counter} but the highest number kept is ${issue.highest}: numbers ${issue.sequences.join(', ')} were issued and lost`, false);
    } else if (issue.kind === 'gap') {
      found('document-number-gap', subject, `numbers ${issue.sequences.join(', ')} are missing below ${issue.highest}`, false);
    } else {
      found('document-number-duplicate', subject, `numbers ${issue.sequences.join(', ')} were issued twice`, false);
    }
  }

  return { findings, waitingEvents: waiting.size };
}
