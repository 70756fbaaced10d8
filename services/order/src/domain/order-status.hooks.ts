import type { OrderStatus } from '@shop/proto-contracts';
import { enqueueEvent, type Tx } from '@shop/platform';
import type { OrderDeps } from './order-deps';
import type { Order } from './order.model';
import { issueInvoice } from './invoice.service';
import { releaseCouponUse } from './coupon.service';
import { orderCancelledEvent, orderStatusChangedEvent } from './order.events';

/** What a hook is given: the move just saved, inside the transaction that saved it. */
export interface StatusMove {
  tx: Tx;
  deps: Pick<OrderDeps, 'schema' | 'seller'>;
  /** The order as saved with its new status. */
  order: Order;
  from: OrderStatus;
  now: Date;
}

type Hook = (move: StatusMove) => Promise<void>;

/**
 * What a move sets off, as data beside the machine (decision 0075): `onEveryMove` runs for each
 * move, then `onEnter` of the status entered. Each hook runs in the move's transaction, so a
 * failing hook undoes the move and nothing is half done.
 */
export const ORDER_STATUS_HOOKS: { onEveryMove: readonly Hook[]; onEnter: Readonly<Partial<Record<OrderStatus, readonly Hook[]>>> } = {
  onEveryMove: [
    // The buyer's mail and the catalog's per-product figures follow every move.
    ({ tx, deps, order, from }) => enqueueEvent(tx, deps.schema, orderStatusChangedEvent(order, from)),
  ],
  onEnter: {
    cancelled: [
      // The catalog gives the stock back when it hears this.
      ({ tx, deps, order, from }) => enqueueEvent(tx, deps.schema, orderCancelledEvent(order, 'cancelled', from)),
      // A cancelled order gives its coupon use back (decision 0028).
      ({ tx, order, now }) => releaseCouponUse(tx, order.id, now),
    ],
    // The tax invoice's number is taken with the delivery itself (decision 0026).
    delivered: [async ({ tx, deps, order, now }) => void (await issueInvoice(tx, deps, order.id, now))],
  },
};

/** Runs the hooks of a saved move, in order. */
export async function runStatusHooks(move: StatusMove): Promise<void> {
  for (const hook of [...ORDER_STATUS_HOOKS.onEveryMove, ...(ORDER_STATUS_HOOKS.onEnter[move.order.status] ?? [])]) await hook(move);
}
