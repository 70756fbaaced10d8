import fc from 'fast-check';
import { creditNoteTotalsOf, creditOf, type CreditedLine } from './credit-notes';
import { priceOrder } from './pricing';
import { refundOf } from './refunds';

/**
 * Decision 0103: a credit note's total is the refund it stands for, to the paisa; its lines reverse
 * what the returned units were invoiced with, and a round-off line closes the gap. Simulated as the
 * order service does it: the order priced by `priceOrder` (its invoice lines), each return refunded
 * by `refundOf` (decision 0047) and credited line by line by `creditOf`.
 */
const line = fc.record({ unitPricePaise: fc.integer({ min: 100, max: 500_000 }), quantity: fc.integer({ min: 1, max: 6 }), gstRateBp: fc.constantFrom(0, 300, 500, 1800, 4000) });
const coupon = fc.option(
  fc.oneof(
    fc.record({ type: fc.constant('percent' as const), percent: fc.integer({ min: 1, max: 90 }), amountPaise: fc.constant(null), minOrderPaise: fc.integer({ min: 0, max: 300_000 }) }),
    fc.record({ type: fc.constant('amount' as const), percent: fc.constant(null), amountPaise: fc.integer({ min: 100, max: 200_000 }), minOrderPaise: fc.integer({ min: 0, max: 300_000 }) }),
  ),
  { nil: undefined },
);
/** A return: some units of some lines (line index, units wanted; trimmed to what is left). */
const aReturn = fc.array(fc.record({ line: fc.nat(), units: fc.integer({ min: 1, max: 6 }) }), { minLength: 1, maxLength: 3 });

type Lines = fc.Arbitrary<{ unitPricePaise: number; quantity: number; gstRateBp: number }[]>;

function simulate(lines: { unitPricePaise: number; quantity: number; gstRateBp: number }[], firstOrder: boolean, c: Parameters<typeof refundOf>[0]['coupon'], intraState: boolean, returns: { line: number; units: number }[][]) {
  const usable = c && lines.reduce((s, l) => s + l.unitPricePaise * l.quantity, 0) >= c.minOrderPaise ? c : undefined;
  const order = priceOrder(lines, { firstOrder, coupon: usable, intraState, cash: true });
  const invoiced = order.lines.map((l, k) => ({ quantity: lines[k]!.quantity, taxablePaise: l.taxablePaise, cgstPaise: l.cgstPaise, sgstPaise: l.sgstPaise, igstPaise: l.igstPaise }));
  const credited = lines.map(() => 0);
  let refunded = 0;
  const notes: { refundPaise: number; lines: CreditedLine[]; totals: ReturnType<typeof creditNoteTotalsOf> }[] = [];
  for (const wanted of returns) {
    const back = new Map<number, number>();
    for (const w of wanted) {
      const k = w.line % lines.length;
      const left = lines[k]!.quantity - credited[k]! - (back.get(k) ?? 0);
      if (left > 0) back.set(k, (back.get(k) ?? 0) + Math.min(left, w.units));
    }
    if (back.size === 0) continue;
    const kept = lines.flatMap((l, k) => {
      const quantity = l.quantity - credited[k]! - (back.get(k) ?? 0);
      return quantity > 0 ? [{ ...l, quantity }] : [];
    });
    const { refundPaise } = refundOf({ paidPaise: order.totalPaise, refundedBeforePaise: refunded, shippingPaise: order.shippingPaise, kept, firstOrder, coupon: usable, intraState });
    const noteLines = [...back].sort(([a], [b]) => a - b).map(([k, q]) => creditOf(invoiced[k]!, credited[k]!, q));
    for (const [k, q] of back) credited[k]! += q;
    refunded += refundPaise;
    notes.push({ refundPaise, lines: noteLines, totals: creditNoteTotalsOf(noteLines, refundPaise) });
  }
  return { order, notes, usable };
}

describe('a credit note stands for its refund (decision 0103)', () => {
  test('its total is the refund exactly; lines and round off add up to it; the tax parts add up', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }) as Lines, fc.boolean(), coupon, fc.boolean(), fc.array(aReturn, { minLength: 1, maxLength: 4 }), (lines, firstOrder, c, intraState, returns) => {
        for (const { refundPaise, lines: noteLines, totals } of simulate(lines, firstOrder, c, intraState, returns).notes) {
          expect(totals.totalPaise).toBe(refundPaise);
          expect(totals.linesPaise + totals.roundOffPaise).toBe(totals.totalPaise);
          expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise).toBe(totals.linesPaise);
          for (const l of noteLines) {
            expect(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.valuePaise);
            if (intraState) expect([l.cgstPaise, l.igstPaise]).toEqual([l.sgstPaise, 0]);
            else expect(l.cgstPaise + l.sgstPaise).toBe(0);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  test('without a coupon the round off stays a round off: within a rupee either way', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }) as Lines, fc.boolean(), fc.boolean(), fc.array(aReturn, { minLength: 1, maxLength: 4 }), (lines, firstOrder, intraState, returns) => {
        for (const { totals } of simulate(lines, firstOrder, undefined, intraState, returns).notes) expect(Math.abs(totals.roundOffPaise)).toBeLessThanOrEqual(100);
      }),
      { numRuns: 500 },
    );
  });

  test('the issue: a refund of ₹720.00 gets a credit note of ₹720.00, its lines ₹719.08 and a round off of ₹0.92', () => {
    const totals = creditNoteTotalsOf([{ quantity: 1, taxablePaise: 68_484, cgstPaise: 1_712, sgstPaise: 1_712, igstPaise: 0, valuePaise: 71_908 }], 72_000);
    expect(totals).toEqual({ taxablePaise: 68_484, cgstPaise: 1_712, sgstPaise: 1_712, igstPaise: 0, linesPaise: 71_908, roundOffPaise: 92, totalPaise: 72_000 });
  });
});
