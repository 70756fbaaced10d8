import { makeEvent } from '@shop/platform';
import type { ReturnStatus } from '@shop/proto-contracts';
import type { OrderItemRow, ReturnRow } from '../db/schema';
import type { ReturnDetails } from './return.model';

type ReturnedLine = { line: OrderItemRow; quantity: number };

/** ReturnRequested: the order's mail consumer tells the shopper it was received. */
export function returnRequestedEvent(r: Pick<ReturnRow, 'id' | 'orderId' | 'userId' | 'reason'>, lines: ReturnedLine[]) {
  return makeEvent('order', 'ReturnRequested', {
    returnId: r.id,
    orderId: r.orderId,
    userId: r.userId,
    reason: r.reason,
    items: lines.map(({ line, quantity }) => ({ productId: line.productId, size: line.size, color: line.color, quantity })),
  });
}

/** ReturnStatusChanged: a mail to the shopper at each step. */
export function returnStatusChangedEvent(r: Pick<ReturnRow, 'id' | 'orderId' | 'userId' | 'status'>, status: ReturnStatus, note: string | null) {
  return makeEvent('order', 'ReturnStatusChanged', { returnId: r.id, orderId: r.orderId, userId: r.userId, status, previousStatus: r.status, note });
}

/** ReturnReceived: the catalog puts the units back in stock (once per return, product and size). */
export function returnReceivedEvent(r: ReturnDetails) {
  return makeEvent('order', 'ReturnReceived', {
    returnId: r.id,
    orderId: r.orderId,
    items: r.items.map(({ line, quantity }) => ({ productId: line.productId, size: line.size, quantity })),
  });
}
