/**
 * The order status machine as data, the one list of statuses and moves (zod-free, so the web
 * imports it too): the database's check constraint, the GraphQL enum, the order service's checks
 * and the staff console's buttons all follow it. A cash-on-delivery order starts `processing`;
 * `pending` is an online payment not yet confirmed (decision 0075).
 */

/** Order statuses, stored lower-case; clients may send them in any case. */
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The moves staff may make from each status; delivered and cancelled are final. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** Statuses in which the buyer may still cancel (nothing has left the warehouse). */
export const BUYER_CANCELLABLE: readonly OrderStatus[] = ['pending', 'processing'];

/** Statuses whose stock is still held for the order (cancelling or deleting gives it back). */
export const HOLDS_STOCK: readonly OrderStatus[] = ['pending', 'processing'];

/** A status as written anywhere ('Shipped', ' shipped '), or null when the shop does not know it. */
export function orderStatusOf(value: string): OrderStatus | null {
  const status = value.trim().toLowerCase();
  return (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : null;
}

/** The status capitalised, as badges and toasts show it ('shipped' → 'Shipped'). */
export function orderStatusLabel(status: string): string {
  const value = status.trim().toLowerCase();
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : 'Unknown';
}

/** The moves staff may make from a status (none from an unknown one). */
export function staffNextStatuses(status: string): readonly OrderStatus[] {
  const known = orderStatusOf(status);
  return known ? ORDER_TRANSITIONS[known] : [];
}

/** The buyer's only move: cancelling, while the order is pending or processing. */
export function buyerNextStatuses(status: string): readonly OrderStatus[] {
  const known = orderStatusOf(status);
  return known && BUYER_CANCELLABLE.includes(known) ? ['cancelled'] : [];
}

/** Statuses an order reaches only after leaving the warehouse. */
export const LEFT_THE_WAREHOUSE: readonly OrderStatus[] = ['shipped', 'delivered'];

/**
 * Whether an order belongs to the books (decision 0103): it was ever shipped (a shipping date, or a
 * status after shipping) or it has a tax invoice. Such an order is never deleted, only archived.
 */
export function keptForTheBooks(order: { status: string; shippedAt?: unknown; invoiced?: boolean }): boolean {
  const status = orderStatusOf(order.status);
  return Boolean(order.invoiced) || (order.shippedAt !== null && order.shippedAt !== undefined) || (status !== null && LEFT_THE_WAREHOUSE.includes(status));
}
