import { isShopImagePath, maskRefundTo, mayReadAccountEmail, orderNumberOf, paiseToRupees, type PricedLine } from '@shop/proto-contracts';
import type { CreditNoteRow, OrderItemRow, OrderRow, ReturnRow, ReturnStepRow } from '../db/schema';
import type { Order } from './order.model';
import { nextReturnStatuses } from './return-status.machine';

/** A stored return with its order, the lines it takes back and its timeline. */
export interface ReturnDetails extends ReturnRow {
  order: Order;
  items: Array<{ line: OrderItemRow; quantity: number }>;
  steps: ReturnStepRow[];
  /** Issued when the return was received, if its order was invoiced (decision 0048). */
  creditNote: CreditNoteRow | null;
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

/**
 * What returning these units gives back. Orders whose prices include GST (decision 0045) stored
 * what each line cost after its share of the discounts (taxable + tax): the returned units get
 * their share of their line's value, rounded down. Older orders: `returnRefundPaise`.
 */
export function refundOfReturn(order: Order, lines: Array<{ line: OrderItemRow; quantity: number }>): number {
  if (!order.pricesIncludeGst) return returnRefundPaise(order, lines.map(({ line, quantity }) => ({ unitPricePaise: line.pricePaise, quantity })));
  return lines.reduce((sum, { line, quantity }) => {
    const value = (line.taxablePaise ?? 0) + (line.taxPaise ?? 0);
    return sum + Number((BigInt(value) * BigInt(quantity)) / BigInt(line.quantity));
  }, 0);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A return as REST and GraphQL show it to `viewer`: money in rupees, dates as ISO text, the timeline
 * oldest first. The buyer's email only for whom mayReadAccountEmail allows (the buyer, an admin).
 */
export function toReturnView(r: ReturnDetails, viewer: { userId: string; role: string } | undefined) {
  return {
    _id: r.id,
    id: r.id,
    orderId: r.orderId,
    orderNumber: orderNumberOf(r.orderId),
    userId: r.userId,
    customer: { name: r.order.userName, email: mayReadAccountEmail(viewer, r.userId) ? r.order.userEmail : null },
    status: r.status,
    reason: r.reason,
    // A photo stored before only the shop's own images were accepted is not shown to anyone.
    photo: isShopImagePath(r.photo) ? r.photo : null,
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
    creditNoteNumber: r.creditNote?.number ?? null,
    timeline: r.steps.map((s) => ({ status: s.status, note: s.note, at: s.at.toISOString() })),
    nextStatuses: [...nextReturnStatuses(r.status)],
  };
}
export type ReturnView = ReturnType<typeof toReturnView>;
