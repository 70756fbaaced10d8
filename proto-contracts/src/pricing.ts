import type { CouponTerms } from './coupons';
import { gstOfInclusive, roundOffOf, type GstSplit } from './gst';
import { roundHalfUp } from './money';

/** ₹5 shipping on every order, GST included like every price (decision 0045). */
export const SHIPPING_FEE_PAISE = 500;
/** The footer's promise: 10 percent off a customer's first order. */
export const FIRST_ORDER_DISCOUNT_PERCENT = 10;
/** What every price shown to a shopper says about GST (decision 0045). */
export const TAX_INCLUSIVE_NOTE = 'Inclusive of all taxes';

export interface PricedLine {
  /** The selling price of one piece, GST included. */
  unitPricePaise: number;
  quantity: number;
  /** The line's GST rate in basis points (500 = 5%); 0 when unknown (an estimate: totals do not depend on it). */
  gstRateBp?: number;
}

/** One line of a priced order: what it costs after the discounts, and the GST that contains. */
export interface PricedOrderLine extends GstSplit {
  rateBp: number;
  /** Its share of the first-order and coupon discounts (spread by value, largest remainder). */
  discountPaise: number;
}

export interface OrderPrice {
  /** Σ price × quantity, GST included (the spec's itemPrice). */
  itemsPaise: number;
  /** First-order discount (0 when it does not apply). */
  discountPaise: number;
  /** The coupon's discount, taken off what is left after the first-order discount (0 without a coupon). */
  couponDiscountPaise: number;
  /** The GST contained in the total (items after discounts, and shipping): shown as "GST included", never added. */
  taxPaise: number;
  /** Shipping, GST included. */
  shippingPaise: number;
  /** Cash: the total rounded to the whole rupee minus the exact total (−49…+50 paise); 0 otherwise. */
  roundOffPaise: number;
  /** items − discount − coupon discount + shipping + round off. */
  totalPaise: number;
  /** Whether CGST + SGST (true) or IGST (false). */
  intraState: boolean;
  lines: PricedOrderLine[];
  /** Shipping as a taxed part of the supply, at the rate of the order's highest-rate line (decision 0045). */
  shipping: PricedOrderLine;
}

/**
 * Prices an order in paise, the one place the checkout formula lives (decision 0045).
 * Every price includes GST: a first order gets 10% off the subtotal; a coupon then takes its percent
 * (or its fixed amount, at most all that is left) off what is left (decision 0028); both discounts
 * are spread over the lines by value (largest remainder), so each line's value is what the shopper
 * pays for it; each line's GST is the tax that value contains at the line's rate (`gstOfInclusive`,
 * the one rounding rule), and shipping (₹5, GST included) is taxed at the order's highest line rate.
 * The total is items − discounts + shipping, rounded to the whole rupee for cash (a "Round off"
 * line); the GST is part of it, not added to it.
 */
export function priceOrder(lines: PricedLine[], opts: { firstOrder: boolean; coupon?: CouponTerms; intraState?: boolean; cash?: boolean }): OrderPrice {
  for (const l of lines) {
    if (!Number.isSafeInteger(l.unitPricePaise) || l.unitPricePaise < 0) throw new RangeError('unit price must be whole paise ≥ 0');
    if (!Number.isSafeInteger(l.quantity) || l.quantity < 1) throw new RangeError('quantity must be a whole number ≥ 1');
  }
  const intraState = opts.intraState ?? true;
  const gross = lines.map((l) => l.unitPricePaise * l.quantity);
  const itemsPaise = gross.reduce((sum, g) => sum + g, 0);
  const discountPaise = opts.firstOrder ? roundHalfUp((itemsPaise * FIRST_ORDER_DISCOUNT_PERCENT) / 100) : 0;
  const couponDiscountPaise = opts.coupon ? couponDiscountOf(opts.coupon, itemsPaise - discountPaise) : 0;
  const shares = lines.length > 0 ? prorate(discountPaise + couponDiscountPaise, gross) : [];
  const priced = lines.map((l, k): PricedOrderLine => {
    const rateBp = l.gstRateBp ?? 0;
    return { ...gstOfInclusive(gross[k]! - shares[k]!, rateBp, intraState), rateBp, discountPaise: shares[k]! };
  });
  const shippingPaise = lines.length > 0 ? SHIPPING_FEE_PAISE : 0;
  const shippingRate = priced.reduce((max, l) => Math.max(max, l.rateBp), 0);
  const shipping: PricedOrderLine = { ...gstOfInclusive(shippingPaise, shippingRate, intraState), rateBp: shippingRate, discountPaise: 0 };
  const exact = itemsPaise - discountPaise - couponDiscountPaise + shippingPaise;
  const roundOffPaise = (opts.cash ?? true) ? roundOffOf(exact) : 0;
  return {
    itemsPaise,
    discountPaise,
    couponDiscountPaise,
    taxPaise: priced.reduce((sum, l) => sum + l.taxPaise, shipping.taxPaise),
    shippingPaise,
    roundOffPaise,
    totalPaise: exact + roundOffPaise,
    intraState,
    lines: priced,
    shipping,
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
