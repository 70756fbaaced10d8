import type { CouponTerms } from './coupons';
import { roundHalfUp } from './money';

/** ₹5 flat shipping on every order (spec section 9). */
export const SHIPPING_FEE_PAISE = 500;
/** GST: 18 percent. */
export const TAX_RATE_PERCENT = 18;
/** The footer's promise: 10 percent off a customer's first order. */
export const FIRST_ORDER_DISCOUNT_PERCENT = 10;

export interface PricedLine {
  unitPricePaise: number;
  quantity: number;
}

export interface OrderPrice {
  /** Σ price × quantity. */
  itemsPaise: number;
  /** First-order discount (0 when it does not apply). */
  discountPaise: number;
  /** The coupon's discount, taken off what is left after the first-order discount (0 without a coupon). */
  couponDiscountPaise: number;
  /** 18% GST of (items − discount − coupon discount). */
  taxPaise: number;
  shippingPaise: number;
  /** items − discount − coupon discount + tax + shipping. */
  totalPaise: number;
}

/**
 * Prices an order in paise, the one place the checkout formula lives (DESIGN.md): a first order
 * gets 10% off the subtotal; a coupon then takes its percent (or its fixed amount, at most all
 * that is left) off the subtotal after that discount (decision 0028); tax is 18% of the discounted
 * subtotal, shipping is ₹5, and each part is rounded half-up to the paisa before the total is
 * added up, so the parts always sum to it and the discounts never pass the subtotal.
 */
export function priceOrder(lines: PricedLine[], opts: { firstOrder: boolean; coupon?: CouponTerms }): OrderPrice {
  for (const l of lines) {
    if (!Number.isSafeInteger(l.unitPricePaise) || l.unitPricePaise < 0) throw new RangeError('unit price must be whole paise ≥ 0');
    if (!Number.isSafeInteger(l.quantity) || l.quantity < 1) throw new RangeError('quantity must be a whole number ≥ 1');
  }
  const itemsPaise = lines.reduce((sum, l) => sum + l.unitPricePaise * l.quantity, 0);
  const discountPaise = opts.firstOrder ? roundHalfUp((itemsPaise * FIRST_ORDER_DISCOUNT_PERCENT) / 100) : 0;
  const couponDiscountPaise = opts.coupon ? couponDiscountOf(opts.coupon, itemsPaise - discountPaise) : 0;
  const taxPaise = roundHalfUp(((itemsPaise - discountPaise - couponDiscountPaise) * TAX_RATE_PERCENT) / 100);
  const shippingPaise = lines.length > 0 ? SHIPPING_FEE_PAISE : 0;
  return {
    itemsPaise,
    discountPaise,
    couponDiscountPaise,
    taxPaise,
    shippingPaise,
    totalPaise: itemsPaise - discountPaise - couponDiscountPaise + taxPaise + shippingPaise,
  };
}

/** What a coupon takes off an amount: its percent of it (half-up), or its fixed amount but never more than the amount. */
export function couponDiscountOf(coupon: CouponTerms, amountPaise: number): number {
  if (coupon.type === 'percent') {
    const percent = coupon.percent ?? 0;
    if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError('coupon percent must be 0–100');
    return Math.min(amountPaise, roundHalfUp((amountPaise * percent) / 100));
  }
  const amount = coupon.amountPaise ?? 0;
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('coupon amount must be whole paise ≥ 0');
  return Math.min(amountPaise, amount);
}

/**
 * Splits `totalPaise` over parts in proportion to their weights, in whole paise, so the parts add up
 * to the total exactly (largest remainder: the paise left after flooring go to the parts with the
 * largest fractions, earlier parts first on a tie). Used to spread an order's discount and GST over
 * its lines for the tax invoice.
 */
export function prorate(totalPaise: number, weights: number[]): number[] {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0) throw new RangeError('total must be whole paise ≥ 0');
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0)) throw new RangeError('weights must be whole numbers ≥ 0');
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? totalPaise : 0));
  // BigInt keeps total × weight exact past 2^53 (₹10 lakh orders × large weights).
  const shares = weights.map((w, index) => {
    const exact = BigInt(totalPaise) * BigInt(w);
    return { index, floor: Number(exact / BigInt(sum)), remainder: Number(exact % BigInt(sum)) };
  });
  let left = totalPaise - shares.reduce((a, s) => a + s.floor, 0);
  const result = shares.map((s) => s.floor);
  for (const s of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left === 0) break;
    result[s.index]! += 1;
    left -= 1;
  }
  return result;
}
