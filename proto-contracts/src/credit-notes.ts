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
