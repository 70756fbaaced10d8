/**
 * Order statuses as staff handle them (spec section 4, DESIGN.md's status machine). The moves are
 * copied from services/order/src/domain/order-status.machine.ts rather than imported: the web
 * does not import server code, and proto-contracts would pull zod into the bundle. The server
 * checks every move anyway; this only decides which buttons to offer.
 */
export const KNOWN_ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type KnownOrderStatus = (typeof KNOWN_ORDER_STATUSES)[number];

const MOVES: Readonly<Record<KnownOrderStatus, readonly KnownOrderStatus[]>> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** Statuses are compared case-insensitively: 'Shipped' and 'shipped' are one status. */
export function knownOrderStatusOf(status: string): KnownOrderStatus | null {
  const value = status.trim().toLowerCase();
  return (KNOWN_ORDER_STATUSES as readonly string[]).includes(value) ? (value as KnownOrderStatus) : null;
}

/** The status capitalised, as badges and toasts show it ('shipped' → 'Shipped'). */
export function orderStatusLabel(status: string): string {
  const value = status.trim().toLowerCase();
  return value ? value.charAt(0).toUpperCase() + value.slice(1) : 'Unknown';
}

/** The statuses staff may move an order to from its current one (none for an unknown status). */
export function nextOrderStatuses(status: string): readonly KnownOrderStatus[] {
  const known = knownOrderStatusOf(status);
  return known ? MOVES[known] : [];
}

/** Whether an order's total counts towards the day's sales (everything but cancelled orders). */
export function countsTowardsSales(status: string): boolean {
  return knownOrderStatusOf(status) !== 'cancelled';
}

/** The button that makes a move: 'Mark as Shipped', or 'Cancel order' for a cancellation. */
export function moveLabel(to: KnownOrderStatus): string {
  return to === 'cancelled' ? 'Cancel order' : `Mark as ${orderStatusLabel(to)}`;
}
