import { eq, lt } from 'drizzle-orm';
import { enqueueEvent, type Db, type Tx } from '@shop/platform';
import { pendingCheckouts, releasedCheckouts } from '../db/schema';
import type { OrderDeps } from './order-deps';
import { orderCancelledEvent } from './order.events';

/** How long a checkout may hold reserved stock without an order (RESERVATION_TIMEOUT_SECONDS). */
export const DEFAULT_RESERVATION_TIMEOUT_MS = 120_000;

/**
 * Writes, before the catalog is asked, that this checkout may come to hold stock. Answers false
 * when a pending checkout of this id is there already: the same request is in flight.
 */
export async function recordPendingCheckout(deps: Pick<OrderDeps, 'db' | 'clock'>, orderId: string, userId: string): Promise<boolean> {
  const recorded = await deps.db.insert(pendingCheckouts).values({ id: orderId, userId, startedAt: deps.clock() }).onConflictDoNothing().returning({ id: pendingCheckouts.id });
  return recorded.length > 0;
}

/**
 * Ends a checkout that will have no order: the pending checkout goes and its id is spent, so a
 * retry with the same idempotency key takes the next id (decision 0077).
 */
export async function giveUpPendingCheckout(tx: Tx | Db, orderId: string, at: Date): Promise<void> {
  await endPendingCheckout(tx, orderId);
  await tx.insert(releasedCheckouts).values({ id: orderId, releasedAt: at }).onConflictDoNothing();
}

/**
 * Ends a pending checkout inside the transaction that settles it (its order written, or its stock
 * known released). Answers false when it had ended already — given up by the recovery, whose
 * OrderCancelled releases the stock, so the order must not be written.
 */
export async function endPendingCheckout(tx: Tx | Db, orderId: string): Promise<boolean> {
  const ended = await tx.delete(pendingCheckouts).where(eq(pendingCheckouts.id, orderId)).returning({ id: pendingCheckouts.id });
  return ended.length > 0;
}

/**
 * Gives back the stock of a checkout that cannot finish, durably: OrderCancelled goes into the
 * outbox in the same transaction that ends the pending checkout, and the catalog releases the
 * reservation when it hears it (at most once, and a reservation that never existed stays refused).
 */
export async function releaseThroughEvent(deps: Pick<OrderDeps, 'db' | 'schema' | 'clock'>, orderId: string, userId: string, reason: 'checkout-failed' | 'checkout-abandoned'): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await giveUpPendingCheckout(tx, orderId, deps.clock());
    await enqueueEvent(tx, deps.schema, orderCancelledEvent({ id: orderId, userId }, reason));
  });
}

/**
 * Gives up the checkouts pending for longer than the timeout: the process that ran them died (or
 * lost its database) between reserving stock and writing the order. Each is ended with an
 * OrderCancelled in one transaction; rows are taken with `skip locked`, so replicas share the work.
 * Answers how many were given up.
 */
export async function releaseAbandonedCheckouts(deps: Pick<OrderDeps, 'db' | 'schema' | 'clock' | 'logger'>, timeoutMs: number, batch = 100): Promise<number> {
  const cutoff = new Date(deps.clock().getTime() - timeoutMs);
  return deps.db.transaction(async (tx) => {
    const stale = await tx
      .select()
      .from(pendingCheckouts)
      .where(lt(pendingCheckouts.startedAt, cutoff))
      .orderBy(pendingCheckouts.startedAt)
      .limit(batch)
      .for('update', { skipLocked: true });
    for (const row of stale) {
      await giveUpPendingCheckout(tx, row.id, deps.clock());
      await enqueueEvent(tx, deps.schema, orderCancelledEvent({ id: row.id, userId: row.userId }, 'checkout-abandoned'));
    }
    if (stale.length) deps.logger.warn({ orderIds: stale.map((r) => r.id) }, 'abandoned checkouts given up; their stock is released');
    return stale.length;
  });
}

export interface CheckoutRecovery {
  /** One pass now (tests; start-up). */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Runs releaseAbandonedCheckouts every quarter of the timeout (at most every 15 s), so a
 * reservation ends within about 1.25 × the timeout of its checkout's start plus event delivery.
 * A pass that fails (database down) is logged and tried at the next tick.
 */
export function startCheckoutRecovery(deps: OrderDeps, timeoutMs: number): CheckoutRecovery {
  const intervalMs = Math.min(Math.max(timeoutMs / 4, 1_000), 15_000);
  let running: Promise<number> | undefined;
  const runOnce = () => {
    running ??= releaseAbandonedCheckouts(deps, timeoutMs)
      .then((n) => {
        if (n) deps.publishEvents();
        return n;
      })
      .catch((err) => {
        deps.logger.warn({ err: String(err) }, 'checkout recovery pass failed; will retry');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
