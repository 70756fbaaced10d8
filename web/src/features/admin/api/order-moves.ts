import { orderStatusLabel, type OrderStatus } from '@shop/proto-contracts/web';

/**
 * The button that makes a move: 'Mark as Shipped', or 'Cancel order' for a cancellation. Which
 * moves to offer is the server's answer (the order's `nextStatuses`), never worked out here.
 */
export function moveLabel(to: OrderStatus): string {
  return to === 'cancelled' ? 'Cancel order' : `Mark as ${orderStatusLabel(to)}`;
}
