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

  test('bad lines are refused rather than priced', () => {
    expect(() => priceOrder([{ unitPricePaise: 100, quantity: 0 }], { firstOrder: false })).toThrow(RangeError);
    expect(() => priceOrder([{ unitPricePaise: 10.5, quantity: 1 }], { firstOrder: false })).toThrow(RangeError);
  });
});
