import { priceOrder, SHIPPING_FEE_PAISE } from './pricing';

/** A small deterministic PRNG so the invariant checks are repeatable. */
function prng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

describe('priceOrder', () => {
  test('the spec example: ₹100 × 2, not a first order', () => {
    expect(priceOrder([{ unitPricePaise: 10_000, quantity: 2 }], { firstOrder: false })).toEqual({
      itemsPaise: 20_000,
      discountPaise: 0,
      couponDiscountPaise: 0,
      taxPaise: 3_600,
      shippingPaise: 500,
      totalPaise: 24_100,
    });
  });

  test('a first order gets 10% off the subtotal, and tax is on the discounted subtotal', () => {
    const p = priceOrder([{ unitPricePaise: 79_900, quantity: 1 }], { firstOrder: true });
    expect(p.discountPaise).toBe(7_990);
    expect(p.taxPaise).toBe(12_944); // 18% of 71,910 = 12,943.8 → 12,944
    expect(p.totalPaise).toBe(79_900 - 7_990 + 12_944 + 500);
  });

  test('rounding is half-up to the paisa', () => {
    // 18% of 25 paise = 4.5 → 5
    expect(priceOrder([{ unitPricePaise: 25, quantity: 1 }], { firstOrder: false }).taxPaise).toBe(5);
    // 10% of 5 paise = 0.5 → 1
    expect(priceOrder([{ unitPricePaise: 5, quantity: 1 }], { firstOrder: true }).discountPaise).toBe(1);
  });

  test('for random orders the parts add up to the total and stay whole paise', () => {
    const rand = prng(42);
    for (let i = 0; i < 2_000; i++) {
      const lines = Array.from({ length: 1 + Math.floor(rand() * 5) }, () => ({
        unitPricePaise: 4_900 + Math.floor(rand() * 995_000),
        quantity: 1 + Math.floor(rand() * 10),
      }));
      const firstOrder = rand() < 0.5;
      const p = priceOrder(lines, { firstOrder });
      expect(p.itemsPaise - p.discountPaise + p.taxPaise + p.shippingPaise).toBe(p.totalPaise);
      for (const part of Object.values(p)) expect(Number.isInteger(part)).toBe(true);
      expect(p.shippingPaise).toBe(SHIPPING_FEE_PAISE);
      expect(p.discountPaise).toBe(firstOrder ? Math.round(p.itemsPaise / 10) : 0);
      expect(Math.abs(p.taxPaise - ((p.itemsPaise - p.discountPaise) * 18) / 100)).toBeLessThanOrEqual(0.5);
    }
  });

  test('a percent coupon is taken off what is left after the first-order discount, and GST is on the rest', () => {
    // ₹1,000: first order −₹100, 20% of ₹900 = −₹180, GST 18% of ₹720 = ₹129.60, shipping ₹5.
    expect(priceOrder([{ unitPricePaise: 100_000, quantity: 1 }], { firstOrder: true, coupon: { type: 'percent', percent: 20, amountPaise: null } })).toEqual({
      itemsPaise: 100_000,
      discountPaise: 10_000,
      couponDiscountPaise: 18_000,
      taxPaise: 12_960,
      shippingPaise: 500,
      totalPaise: 100_000 - 10_000 - 18_000 + 12_960 + 500,
    });
  });

  test('a fixed-amount coupon never takes off more than is left (the goods can become free, shipping stays)', () => {
    const p = priceOrder([{ unitPricePaise: 30_000, quantity: 1 }], { firstOrder: false, coupon: { type: 'amount', percent: null, amountPaise: 50_000 } });
    expect(p).toMatchObject({ couponDiscountPaise: 30_000, taxPaise: 0, totalPaise: 500 });
    const first = priceOrder([{ unitPricePaise: 30_000, quantity: 1 }], { firstOrder: true, coupon: { type: 'percent', percent: 100, amountPaise: null } });
    expect(first).toMatchObject({ discountPaise: 3_000, couponDiscountPaise: 27_000, taxPaise: 0, totalPaise: 500 });
  });

  test('for random orders with coupons the parts add up, the discounts never pass the subtotal, and GST is on what is left', () => {
    const rand = prng(7);
    for (let i = 0; i < 2_000; i++) {
      const lines = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => ({ unitPricePaise: 1 + Math.floor(rand() * 500_000), quantity: 1 + Math.floor(rand() * 5) }));
      const coupon =
        rand() < 0.5
          ? { type: 'percent' as const, percent: 1 + Math.floor(rand() * 100), amountPaise: null }
          : { type: 'amount' as const, percent: null, amountPaise: 1 + Math.floor(rand() * 1_000_000) };
      const p = priceOrder(lines, { firstOrder: rand() < 0.5, coupon });
      expect(p.itemsPaise - p.discountPaise - p.couponDiscountPaise + p.taxPaise + p.shippingPaise).toBe(p.totalPaise);
      expect(p.discountPaise + p.couponDiscountPaise).toBeLessThanOrEqual(p.itemsPaise);
      expect(p.couponDiscountPaise).toBeGreaterThanOrEqual(0);
      expect(Math.abs(p.taxPaise - ((p.itemsPaise - p.discountPaise - p.couponDiscountPaise) * 18) / 100)).toBeLessThanOrEqual(0.5);
    }
  });

  test('bad lines are refused rather than priced', () => {
    expect(() => priceOrder([{ unitPricePaise: 100, quantity: 0 }], { firstOrder: false })).toThrow(RangeError);
    expect(() => priceOrder([{ unitPricePaise: 10.5, quantity: 1 }], { firstOrder: false })).toThrow(RangeError);
  });
});
