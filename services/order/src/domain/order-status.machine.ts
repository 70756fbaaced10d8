import { BUYER_CANCELLABLE, buyerNextStatuses, ORDER_TRANSITIONS, orderMessages, staffNextStatuses, type OrderStatus, type PaymentStatus, type Role } from '@shop/proto-contracts';

/**
 * The order status machine: the statuses and moves are data in proto-contracts (order-status.ts,
 * decision 0075), what a move does to the row is `effectsOf` below, and what it sets off in the
 * same transaction (events, the invoice, the coupon) are the hooks of order-status.hooks.ts.
 * Every status change in the service is checked here and nowhere else.
 */
export { HOLDS_STOCK, ORDER_TRANSITIONS } from '@shop/proto-contracts';

/** The status a new order starts in. */
export const initialStatusOf = (method: 'COD' | 'ONLINE'): OrderStatus => (method === 'COD' ? 'processing' : 'pending');

/**
 * The moves the viewer may make next (what the order's `nextStatuses` answers): staff the machine's
 * moves, the buyer only cancelling while that is allowed.
 */
export function nextStatusesFor(status: OrderStatus, viewer: { role: Role } | undefined): readonly OrderStatus[] {
  return viewer && (viewer.role === 'admin' || viewer.role === 'emp') ? staffNextStatuses(status) : buyerNextStatuses(status);
}

export type TransitionCheck = { ok: true } | { ok: false; message: string };

/** Whether `from` may become `to`; a refusal carries the message the caller sees. */
export function checkTransition(from: OrderStatus, to: OrderStatus): TransitionCheck {
  return ORDER_TRANSITIONS[from].includes(to) ? { ok: true } : { ok: false, message: orderMessages.cannotChangeStatus(from, to) };
}

export const canBuyerCancel = (status: OrderStatus) => BUYER_CANCELLABLE.includes(status);

/** What an order looks like to the machine: its status and payment. */
export interface StatusFacts {
  status: OrderStatus;
  paymentMethod: 'COD' | 'ONLINE';
  paymentStatus: PaymentStatus;
  paidAt: Date | null;
}

/** The changes a (checked) move to `to` makes at `now`: the status, its date stamp and the payment. */
export function effectsOf(order: StatusFacts, to: OrderStatus, now: Date) {
  const changes: {
    status: OrderStatus;
    shippedAt?: Date;
    deliveredAt?: Date;
    cancelledAt?: Date;
    paymentStatus?: PaymentStatus;
    paidAt?: Date;
  } = { status: to };
  if (to === 'shipped') changes.shippedAt = now;
  // Delivery leaves a cash-on-delivery payment Pending: collecting the cash is its own step,
  // confirmed by staff (collectCod, decision 0054), not assumed from the hand-over.
  if (to === 'delivered') changes.deliveredAt = now;
  if (to === 'cancelled') {
    changes.cancelledAt = now;
    if (order.paymentStatus === 'Pending') changes.paymentStatus = 'Cancelled';
  }
  return changes;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When the order should arrive: the estimate given, else 3 days after shipping,
 * else 7 days after it was placed.
 */
export function estimatedDeliveryOf(order: { estimatedDelivery: Date | null; shippedAt: Date | null; createdAt: Date }): Date {
  if (order.estimatedDelivery) return order.estimatedDelivery;
  if (order.shippedAt) return new Date(order.shippedAt.getTime() + 3 * DAY_MS);
  return new Date(order.createdAt.getTime() + 7 * DAY_MS);
}

export type CodCheck = { ok: true } | { ok: false; reason: 'not-cod' | 'settled' | 'not-handed-over' };

/** Whether staff may record the cash of a cash-on-delivery order as collected now. */
export function checkCodCollection(order: StatusFacts): CodCheck {
  if (order.paymentMethod !== 'COD') return { ok: false, reason: 'not-cod' };
  if (order.paymentStatus !== 'Pending') return { ok: false, reason: 'settled' };
  if (order.status !== 'shipped' && order.status !== 'delivered') return { ok: false, reason: 'not-handed-over' };
  return { ok: true };
}
