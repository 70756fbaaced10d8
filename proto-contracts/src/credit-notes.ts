import { INVOICE_NUMBER_DIGITS } from './invoice';

/**
 * Credit notes (decision 0048): a received return of an invoiced order reverses the taxable value
 * and GST of the units that came back, under its own consecutive numbering per financial year
 * (CN/2026-27/000001), referring to the invoice.
 */
export const CREDIT_NOTE_PREFIX = 'CN';

export function creditNoteNumberOf(financialYear: string, sequence: number): string {
  return `${CREDIT_NOTE_PREFIX}/${financialYear}/${String(sequence).padStart(INVOICE_NUMBER_DIGITS, '0')}`;
}

/** What an invoice line carried (all paise; cgst = sgst within the state, igst across). */
export interface CreditableLine {
  quantity: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface CreditedLine {
  quantity: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** taxable + cgst + sgst + igst. */
  valuePaise: number;
}

/**
 * The share of an invoice line that `quantity` units carry, after `before` units of the line were
 * credited by earlier credit notes: each amount's share is ⌊a × (before + q) ÷ n⌋ − ⌊a × before ÷ n⌋,
 * so the credit notes of all n units add up to the line exactly, CGST and SGST stay equal when the
 * line's are, and the tax credited is the tax the returned units were invoiced with.
 */
export function creditOf(line: CreditableLine, before: number, quantity: number): CreditedLine {
  const n = line.quantity;
  if (!Number.isSafeInteger(before) || !Number.isSafeInteger(quantity) || before < 0 || quantity < 1 || before + quantity > n) {
    throw new RangeError('credited units must be within the line');
  }
  const share = (a: number) => {
    const big = BigInt(a);
    return Number((big * BigInt(before + quantity)) / BigInt(n) - (big * BigInt(before)) / BigInt(n));
  };
  const taxablePaise = share(line.taxablePaise);
  const cgstPaise = share(line.cgstPaise);
  const sgstPaise = share(line.sgstPaise);
  const igstPaise = share(line.igstPaise);
  return { quantity, taxablePaise, cgstPaise, sgstPaise, igstPaise, valuePaise: taxablePaise + cgstPaise + sgstPaise + igstPaise };
}

export interface CreditNoteTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** Σ of the credited lines' values (taxable + GST). */
  linesPaise: number;
  /** The refund less the lines: the "Round off" line that closes the note (decision 0103). */
  roundOffPaise: number;
  /** Always the refund the credit note stands for. */
  totalPaise: number;
}

/**
 * The totals of a credit note standing for a refund: the credited lines reverse the taxable value
 * and GST the returned units were invoiced with (`creditOf`), and a round-off line closes the gap to
 * the refund — the order's cash round off, the round off of the re-priced kept items and the
 * re-priced benefits (decision 0047) — so the note's total is the refund to the paisa.
 */
export function creditNoteTotalsOf(lines: readonly CreditedLine[], refundPaise: number): CreditNoteTotals {
  if (!Number.isSafeInteger(refundPaise) || refundPaise < 0) throw new RangeError('refund must be whole paise ≥ 0');
  const sum = (pick: (l: CreditedLine) => number) => lines.reduce((s, l) => s + pick(l), 0);
  const linesPaise = sum((l) => l.valuePaise);
  return {
    taxablePaise: sum((l) => l.taxablePaise),
    cgstPaise: sum((l) => l.cgstPaise),
    sgstPaise: sum((l) => l.sgstPaise),
    igstPaise: sum((l) => l.igstPaise),
    linesPaise,
    roundOffPaise: refundPaise - linesPaise,
    totalPaise: refundPaise,
  };
}
