import { RETURN_WINDOW_DAYS, returnMessages, type OrderStatus, type ReturnStatus } from '@shop/proto-contracts';

/**
 * The return status machine, as data (decision 0025): a request is approved or rejected by staff;
 * an approved return is received at the warehouse (its stock goes back then, once), and a received
 * one is refunded. Rejected and refunded are final. Every move is checked here and nowhere else.
 */
export const RETURN_TRANSITIONS: Readonly<Record<ReturnStatus, readonly ReturnStatus[]>> = {
  requested: ['approved', 'rejected'],
  approved: ['received'],
  rejected: [],
  received: ['refunded'],
  refunded: [],
};

/** Statuses whose items count against what may still be returned (a rejected return frees them). */
export const HOLDS_RETURN_QUANTITY: readonly ReturnStatus[] = ['requested', 'approved', 'received', 'refunded'];

export type ReturnTransitionCheck = { ok: true } | { ok: false; message: string };

export function checkReturnTransition(from: ReturnStatus, to: ReturnStatus): ReturnTransitionCheck {
  return RETURN_TRANSITIONS[from].includes(to) ? { ok: true } : { ok: false, message: returnMessages.cannotChange(from, to) };
}

/** The moves staff can make next from a status (the admin page offers these). */
export const nextReturnStatuses = (status: ReturnStatus): readonly ReturnStatus[] => RETURN_TRANSITIONS[status];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment a delivered order may be returned (RETURN_WINDOW_DAYS after delivery), or null when it was not delivered. */
export function returnableUntil(order: { status: OrderStatus; deliveredAt: Date | null }): Date | null {
  return order.status === 'delivered' && order.deliveredAt ? new Date(order.deliveredAt.getTime() + RETURN_WINDOW_DAYS * DAY_MS) : null;
}
