import type { OrderReturn, OrderSummary } from './order-documents';

/** Units of each order line not yet taken back by a return that still counts (not rejected). */
export function returnableQuantities(order: Pick<OrderSummary, 'orderItems'>, returns: OrderReturn[]): number[] {
  const counting = returns.filter((r) => r.status !== 'rejected').flatMap((r) => r.items);
  return order.orderItems.map((line) => {
    const taken = counting
      .filter((i) => i.productId === line.productId && (i.properties.size ?? '') === (line.properties.size ?? ''))
      .reduce((sum, i) => sum + i.quantity, 0);
    return Math.max(0, line.quantity - taken);
  });
}

/** Whether the shopper may still ask to return something: inside the window, with units left (the server checks again). */
export function canRequestReturn(order: Pick<OrderSummary, 'orderItems' | 'returnableUntil'>, returns: OrderReturn[], now = Date.now()): boolean {
  if (!order.returnableUntil || new Date(order.returnableUntil).getTime() <= now) return false;
  return returnableQuantities(order, returns).some((n) => n > 0);
}
