import { makeEvent } from '@shop/platform';
import type { OrderStatus } from '@shop/proto-contracts';
import type { Order } from './order.model';

/**
 * OrderPlaced: the cart removes the ordered lines. The confirmation mail is recorded with the order
 * itself (decision 0038), which `confirmationRecorded` tells the order's own mail consumer.
 */
export function orderPlacedEvent(o: Order) {
  return makeEvent('order', 'OrderPlaced', {
    confirmationRecorded: true,
    orderId: o.id,
    userId: o.userId,
    email: o.userEmail,
    name: o.userName,
    status: o.status,
    totalPaise: o.totalPaise,
    items: o.items.map((i) => ({ productId: i.productId, quantity: i.quantity, size: i.size, color: i.color })),
  });
}

export function orderStatusChangedEvent(o: Order, previousStatus: OrderStatus) {
  return makeEvent('order', 'OrderStatusChanged', {
    orderId: o.id,
    userId: o.userId,
    status: o.status,
    previousStatus,
    email: o.userEmail,
    name: o.userName,
    productIds: [...new Set(o.items.map((i) => i.productId))],
  });
}

/** OrderCancelled: the catalog releases the order's stock reservation (once). */
export function orderCancelledEvent(o: Pick<Order, 'id' | 'userId'>, reason: 'cancelled' | 'deleted' | 'checkout-failed' | 'checkout-abandoned', previousStatus?: OrderStatus) {
  return makeEvent('order', 'OrderCancelled', { orderId: o.id, userId: o.userId, reason, ...(previousStatus ? { previousStatus } : {}) });
}
