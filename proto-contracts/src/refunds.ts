import type { CouponTerms } from './coupons';
import { priceOrder, type OrderPrice, type PricedLine } from './pricing';

/**
 * Refunds that re-price what is kept (decision 0047): the refund of a return is what the order
 * was paid, less what earlier returns refunded, less what the items still kept cost now — priced
 * by the same `priceOrder`, with the first-order 10% (the order stays the buyer's first) and the
 * coupon only while its minimum still holds for what is kept. Whatever benefit no longer holds
 * comes out of the refund, never below 0. Shipping is not refunded: with nothing kept, the kept
 * cost is the shipping the order paid.
 */
export interface RefundInput {
  /** What the order was paid (its total). */
  paidPaise: number;
  /** Refunds of the order's earlier returns that still count (not rejected). */
  refundedBeforePaise: number;
  /** Shipping the order paid (kept by the shop). */
  shippingPaise: number;
  /** The units the buyer keeps after this return, at the prices and rates they were bought at. */
  kept: PricedLine[];
  firstOrder: boolean;
  coupon?: CouponTerms & { minOrderPaise: number };
  intraState: boolean;
}

export interface RefundQuote {
  refundPaise: number;
  /** What the kept items cost now (with shipping and round off). */
  keptPaise: number;
  /** The coupon's minimum no longer holds for what is kept: its saving came out of the refund. */
  couponLost: boolean;
  keptPrice: OrderPrice | null;
}

export function refundOf(input: RefundInput): RefundQuote {
  const subtotal = input.kept.reduce((s, l) => s + l.unitPricePaise * l.quantity, 0);
  const couponHolds = Boolean(input.coupon) && subtotal >= (input.coupon?.minOrderPaise ?? 0) && input.kept.length > 0;
  const keptPrice =
    input.kept.length > 0
      ? priceOrder(input.kept, { firstOrder: input.firstOrder, coupon: couponHolds ? input.coupon : undefined, intraState: input.intraState, cash: true })
      : null;
  const keptPaise = keptPrice ? keptPrice.totalPaise : input.shippingPaise;
  return {
    refundPaise: Math.max(0, input.paidPaise - input.refundedBeforePaise - keptPaise),
    keptPaise,
    couponLost: Boolean(input.coupon) && !couponHolds && input.kept.length > 0,
    keptPrice,
  };
}
