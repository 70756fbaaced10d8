import { maskRefundTo, orderNumberOf, paiseToRupees, type PricedLine } from '@shop/proto-contracts';
import type { OrderItemRow, OrderRow, ReturnRow, ReturnStepRow } from '../db/schema';
import type { Order } from './order.model';
import { nextReturnStatuses } from './return-status.machine';

/** A stored return with its order, the lines it takes back and its timeline. */
export interface ReturnDetails extends ReturnRow {
  order: Order;
  items: Array<{ line: OrderItemRow; quantity: number }>;
  steps: ReturnStepRow[];
}

/**
 * What returning these units gives back: their share of what the order charged for items after
 * discounts, plus GST on it (shipping is not refunded). Rounded down, so the refunds of all of an
 * order's returns never add up to more than it charged for its items and tax.
 */
export function returnRefundPaise(order: Pick<OrderRow, 'itemsPaise' | 'discountPaise' | 'couponDiscountPaise' | 'taxPaise'>, lines: PricedLine[]): number {
  const returnedPaise = lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0);
  if (order.itemsPaise <= 0) return 0;
  const charged = BigInt(order.itemsPaise - order.discountPaise - order.couponDiscountPaise + order.taxPaise);
  return Number((BigInt(returnedPaise) * charged) / BigInt(order.itemsPaise));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A return as REST and GraphQL show it: money in rupees, dates as ISO text, the timeline oldest first. */
export function toReturnView(r: ReturnDetails) {
  return {
    _id: r.id,
    id: r.id,
    orderId: r.orderId,
    orderNumber: orderNumberOf(r.orderId),
    userId: r.userId,
    customer: { name: r.order.userName, email: r.order.userEmail },
    status: r.status,
    reason: r.reason,
    photo: r.photo,
    items: r.items.map(({ line, quantity }) => ({
      product: line.productId,
      productId: line.productId,
      name: line.name,
      image: line.image,
      price: paiseToRupees(line.pricePaise),
      quantity,
      properties: { size: line.size, color: line.color },
    })),
    refundAmount: paiseToRupees(r.refundPaise),
    paymentMethod: r.order.paymentMethod,
    refundMethod: r.refundMethod,
    refundReference: r.refundReference,
    // Masked for everyone; staff refunding the return ask for it in full (refundDetailsOf).
    refundTo: maskRefundTo(r.refundTo),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    receivedAt: iso(r.receivedAt),
    refundedAt: iso(r.refundedAt),
    timeline: r.steps.map((s) => ({ status: s.status, note: s.note, at: s.at.toISOString() })),
    nextStatuses: [...nextReturnStatuses(r.status)],
  };
}
export type ReturnView = ReturnType<typeof toReturnView>;
