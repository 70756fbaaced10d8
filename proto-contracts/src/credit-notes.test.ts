import fc from 'fast-check';
import { creditNoteNumberOf, creditOf, type CreditedLine } from './credit-notes';
import { priceOrder } from './pricing';

describe('credit notes (decision 0048)', () => {
  test('numbered per financial year, apart from invoices', () => {
    expect(creditNoteNumberOf('2026-27', 7)).toBe('CN/2026-27/000007');
  });

  test('credit note tax = the tax of what came back; the notes of every unit add up to the line; CGST = SGST', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 2_000_000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(0, 300, 500, 1800, 4000),
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 6 }),
        (price, quantity, rate, intraState, firstOrder, returns) => {
          const [line] = priceOrder([{ unitPricePaise: price, quantity, gstRateBp: rate }], { firstOrder, intraState }).lines;
          const invoiced = { quantity, taxablePaise: line!.taxablePaise, cgstPaise: line!.cgstPaise, sgstPaise: line!.sgstPaise, igstPaise: line!.igstPaise };
          let before = 0;
          const notes: CreditedLine[] = [];
          for (const wanted of returns) {
            const q = Math.min(wanted, quantity - before);
            if (q < 1) break;
            const note = creditOf(invoiced, before, q);
            expect(note.taxablePaise + note.cgstPaise + note.sgstPaise + note.igstPaise).toBe(note.valuePaise);
            expect(note.cgstPaise).toBe(note.sgstPaise);
            // The tax that came back: within a paisa per tax of the units' share of the line's tax.
            expect(Math.abs(note.cgstPaise + note.sgstPaise + note.igstPaise - (line!.taxPaise * q) / quantity)).toBeLessThanOrEqual(2);
            notes.push(note);
            before += q;
          }
          if (before === quantity) {
            const sum = (pick: (n: CreditedLine) => number) => notes.reduce((s, n) => s + pick(n), 0);
            expect([sum((n) => n.taxablePaise), sum((n) => n.cgstPaise + n.sgstPaise + n.igstPaise)]).toEqual([line!.taxablePaise, line!.taxPaise]);
          }
        },
      ),
    );
  });
});
