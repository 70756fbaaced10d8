import fc from 'fast-check';
import { gstOfInclusive } from './gst';
import { priceOrder, SHIPPING_FEE_PAISE } from './pricing';

describe('priceOrder (prices include GST, decision 0045)', () => {
  test('the Palazzo Suit Set: ₹1,499 (5%) costs ₹1,499 plus ₹5 shipping, and the GST is inside', () => {
    const p = priceOrder([{ unitPricePaise: 149_900, quantity: 1, gstRateBp: 500 }], { firstOrder: false });
    expect(p).toMatchObject({ itemsPaise: 149_900, discountPaise: 0, couponDiscountPaise: 0, shippingPaise: 500, roundOffPaise: 0, totalPaise: 150_400 });
    // 1,499 × 2.5 ÷ 105 = 35.69 CGST and 35.69 SGST; shipping ₹5 at 5% holds 0.12 + 0.12.
    expect(p.lines[0]).toMatchObject({ valuePaise: 149_900, taxablePaise: 142_762, cgstPaise: 3_569, sgstPaise: 3_569, igstPaise: 0, rateBp: 500 });
    expect(p.shipping).toMatchObject({ valuePaise: 500, taxablePaise: 476, cgstPaise: 12, sgstPaise: 12, rateBp: 500 });
    expect(p.taxPaise).toBe(7_138 + 24);
  });

  test('across states the same GST is IGST', () => {
    const p = priceOrder([{ unitPricePaise: 149_900, quantity: 1, gstRateBp: 500 }], { firstOrder: false, intraState: false });
    expect(p.lines[0]).toMatchObject({ taxablePaise: 142_762, cgstPaise: 0, sgstPaise: 0, igstPaise: 7_138 });
    expect(p.totalPaise).toBe(150_400);
  });

  test('a first order gets 10% off the subtotal before the tax is worked out, and cash is rounded to the rupee', () => {
    const p = priceOrder([{ unitPricePaise: 79_900, quantity: 1, gstRateBp: 1800 }], { firstOrder: true });
    expect(p.discountPaise).toBe(7_990);
    expect(p.lines[0]!.valuePaise).toBe(71_910);
    // 71,910 × 9 ÷ 118 = 5,484.66 → 5,485 each half
    expect(p.lines[0]).toMatchObject({ cgstPaise: 5_485, sgstPaise: 5_485, taxablePaise: 71_910 - 10_970 });
    // 799 − 79.90 + 5 = 724.10 → ₹724, round off −0.10
    expect(p.roundOffPaise).toBe(-10);
    expect(p.totalPaise).toBe(72_400);
  });

  test('a notebook (0%), a T-shirt (5%) and a watch (18%): each line at its own rate, shipping at the highest', () => {
    const p = priceOrder(
      [
        { unitPricePaise: 9_900, quantity: 2, gstRateBp: 0 },
        { unitPricePaise: 34_900, quantity: 1, gstRateBp: 500 },
        { unitPricePaise: 149_900, quantity: 1, gstRateBp: 1800 },
      ],
      { firstOrder: false },
    );
    expect(p.lines.map((l) => l.taxPaise)).toEqual([0, 2 * Math.floor((34_900 * 250 * 2 + 10_500) / 21_000), 2 * Math.floor((149_900 * 900 * 2 + 11_800) / 23_600)]);
    expect(p.shipping.rateBp).toBe(1800);
    expect(p.totalPaise).toBe(19_800 + 34_900 + 149_900 + 500);
  });

  test('a percent coupon is taken off what is left after the first-order discount and spread over the lines', () => {
    const p = priceOrder(
      [
        { unitPricePaise: 60_000, quantity: 1, gstRateBp: 1800 },
        { unitPricePaise: 40_000, quantity: 1, gstRateBp: 500 },
      ],
      { firstOrder: true, coupon: { type: 'percent', percent: 20, amountPaise: null } },
    );
    expect(p).toMatchObject({ discountPaise: 10_000, couponDiscountPaise: 18_000, totalPaise: 72_500 });
    expect(p.lines.map((l) => l.valuePaise)).toEqual([43_200, 28_800]);
  });

  test('a fixed-amount coupon never takes off more than is left (the goods can become free, shipping stays)', () => {
    const p = priceOrder([{ unitPricePaise: 30_000, quantity: 1, gstRateBp: 1800 }], { firstOrder: false, coupon: { type: 'amount', percent: null, amountPaise: 50_000 } });
    expect(p).toMatchObject({ couponDiscountPaise: 30_000, totalPaise: 500 });
    expect(p.lines[0]!.taxPaise).toBe(0);
  });

  test('bad lines are refused rather than priced', () => {
    expect(() => priceOrder([{ unitPricePaise: 100, quantity: 0 }], { firstOrder: false })).toThrow(RangeError);
    expect(() => priceOrder([{ unitPricePaise: 10.5, quantity: 1 }], { firstOrder: false })).toThrow(RangeError);
    expect(() => priceOrder([{ unitPricePaise: 100, quantity: 1, gstRateBp: -5 }], { firstOrder: false })).toThrow(RangeError);
  });
});

const rate = fc.constantFrom(0, 25, 150, 300, 500, 1800, 4000);
const line = fc.record({ unitPricePaise: fc.integer({ min: 0, max: 5_000_000 }), quantity: fc.integer({ min: 1, max: 20 }), gstRateBp: rate });
const coupon = fc.option(
  fc.oneof(
    fc.record({ type: fc.constant('percent' as const), percent: fc.integer({ min: 0, max: 100 }), amountPaise: fc.constant(null) }),
    fc.record({ type: fc.constant('amount' as const), percent: fc.constant(null), amountPaise: fc.integer({ min: 0, max: 10_000_000 }) }),
  ),
  { nil: undefined },
);
const order = fc.record({ lines: fc.array(line, { minLength: 1, maxLength: 6 }), firstOrder: fc.boolean(), coupon, intraState: fc.boolean(), cash: fc.boolean() });

describe('money invariants over random baskets, discounts, coupons, rates and states', () => {
  test('each line: taxable + tax = value; CGST = SGST within the state, IGST alone across', () => {
    fc.assert(
      fc.property(order, (o) => {
        const p = priceOrder(o.lines, o);
        for (const l of [...p.lines, p.shipping]) {
          expect(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.valuePaise);
          expect(l.taxablePaise).toBeGreaterThanOrEqual(0);
          if (o.intraState) expect([l.cgstPaise, l.igstPaise]).toEqual([l.sgstPaise, 0]);
          else expect(l.cgstPaise + l.sgstPaise).toBe(0);
        }
      }),
    );
  });

  test('Σ lines = the totals: items − discounts, the GST, and the total with shipping and round off', () => {
    fc.assert(
      fc.property(order, (o) => {
        const p = priceOrder(o.lines, o);
        const sum = (pick: (l: (typeof p.lines)[number]) => number) => p.lines.reduce((s, l) => s + pick(l), 0);
        expect(sum((l) => l.valuePaise)).toBe(p.itemsPaise - p.discountPaise - p.couponDiscountPaise);
        expect(sum((l) => l.discountPaise)).toBe(p.discountPaise + p.couponDiscountPaise);
        expect(sum((l) => l.taxPaise) + p.shipping.taxPaise).toBe(p.taxPaise);
        expect(sum((l) => l.valuePaise) + p.shipping.valuePaise + p.roundOffPaise).toBe(p.totalPaise);
        expect(p.shippingPaise).toBe(SHIPPING_FEE_PAISE);
      }),
    );
  });

  test('a cash total is whole rupees and the round off is at most 50 paise either way', () => {
    fc.assert(
      fc.property(order, (o) => {
        const p = priceOrder(o.lines, { ...o, cash: true });
        expect(p.totalPaise % 100).toBe(0);
        expect(Math.abs(p.roundOffPaise)).toBeLessThanOrEqual(50);
      }),
    );
  });

  test('the price paid for a line never exceeds its listed price (so never the MRP, which is at least the price)', () => {
    fc.assert(
      fc.property(order, (o) => {
        const p = priceOrder(o.lines, o);
        p.lines.forEach((l, k) => expect(l.valuePaise).toBeLessThanOrEqual(o.lines[k]!.unitPricePaise * o.lines[k]!.quantity));
      }),
    );
  });

  test('the tax of a value is within half a paisa per printed tax of V − V ÷ (1 + r)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), rate, fc.boolean(), (v, bp, intra) => {
        const split = gstOfInclusive(v, bp, intra);
        const exact = v - (v * 10_000) / (10_000 + bp);
        expect(Math.abs(split.taxPaise - exact)).toBeLessThanOrEqual(intra ? 1 : 0.5);
      }),
    );
  });
});
