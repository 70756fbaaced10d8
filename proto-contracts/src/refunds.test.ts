import fc from 'fast-check';
import { priceOrder } from './pricing';
import { refundOf } from './refunds';

describe('refunds that re-price what is kept (decision 0047)', () => {
  test('the issue: lamp ₹400 + kettle ₹600 with ₹500 off orders of ₹1,000+; returning the kettle takes the coupon back', () => {
    const coupon = { type: 'amount' as const, percent: null, amountPaise: 50_000, minOrderPaise: 100_000 };
    const lamp = { unitPricePaise: 40_000, quantity: 1, gstRateBp: 1800 };
    const kettle = { unitPricePaise: 60_000, quantity: 1, gstRateBp: 1800 };
    const paid = priceOrder([lamp, kettle], { firstOrder: false, coupon }).totalPaise;
    expect(paid).toBe(50_500); // 1,000 − 500 + 5
    const q = refundOf({ paidPaise: paid, refundedBeforePaise: 0, shippingPaise: 500, kept: [lamp], firstOrder: false, coupon, intraState: true });
    // The lamp alone does not reach ₹1,000: it costs ₹400 + ₹5, so ₹100 comes back (not ₹300).
    expect(q).toMatchObject({ keptPaise: 40_500, refundPaise: 10_000, couponLost: true });
  });

  test('returning everything refunds all but the shipping', () => {
    const line = { unitPricePaise: 99_900, quantity: 2, gstRateBp: 500 };
    const paid = priceOrder([line], { firstOrder: true }).totalPaise;
    expect(refundOf({ paidPaise: paid, refundedBeforePaise: 0, shippingPaise: 500, kept: [], firstOrder: true, intraState: true }).refundPaise).toBe(paid - 500);
  });

  const line = fc.record({ unitPricePaise: fc.integer({ min: 100, max: 500_000 }), quantity: fc.integer({ min: 1, max: 5 }), gstRateBp: fc.constantFrom(0, 300, 500, 1800, 4000) });
  const coupon = fc.option(
    fc.oneof(
      fc.record({ type: fc.constant('percent' as const), percent: fc.integer({ min: 1, max: 90 }), amountPaise: fc.constant(null), minOrderPaise: fc.integer({ min: 0, max: 300_000 }) }),
      fc.record({ type: fc.constant('amount' as const), percent: fc.constant(null), amountPaise: fc.integer({ min: 100, max: 200_000 }), minOrderPaise: fc.integer({ min: 0, max: 300_000 }) }),
    ),
    { nil: undefined },
  );

  test('refund + what is kept + earlier refunds = what was paid, over a sequence of returns; never below 0', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), fc.boolean(), coupon, fc.boolean(), fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), (lines, firstOrder, c, intraState, picks) => {
        const usable = c && lines.reduce((s, l) => s + l.unitPricePaise * l.quantity, 0) >= c.minOrderPaise ? c : undefined;
        const paid = priceOrder(lines, { firstOrder, coupon: usable, intraState }).totalPaise;
        const kept = lines.map((l) => ({ ...l }));
        let refunded = 0;
        for (const pick of picks) {
          const k = pick % kept.length;
          if (kept[k]!.quantity === 0) continue;
          kept[k]!.quantity -= 1;
          const q = refundOf({ paidPaise: paid, refundedBeforePaise: refunded, shippingPaise: 500, kept: kept.filter((l) => l.quantity > 0), firstOrder, coupon: usable, intraState });
          expect(q.refundPaise).toBeGreaterThanOrEqual(0);
          if (paid - refunded - q.keptPaise >= 0) expect(q.refundPaise + q.keptPaise + refunded).toBe(paid);
          refunded += q.refundPaise;
          expect(refunded).toBeLessThanOrEqual(paid);
        }
      }),
    );
  });

  test('keeping everything refunds nothing', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), fc.boolean(), coupon, fc.boolean(), (lines, firstOrder, c, intraState) => {
        const usable = c && lines.reduce((s, l) => s + l.unitPricePaise * l.quantity, 0) >= c.minOrderPaise ? c : undefined;
        const paid = priceOrder(lines, { firstOrder, coupon: usable, intraState }).totalPaise;
        expect(refundOf({ paidPaise: paid, refundedBeforePaise: 0, shippingPaise: 500, kept: lines, firstOrder, coupon: usable, intraState }).refundPaise).toBe(0);
      }),
    );
  });
});
