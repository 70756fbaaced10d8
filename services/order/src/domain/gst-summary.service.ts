import { and, gte, inArray, lt } from 'drizzle-orm';
import { gstSummaryMessages, hsnCodeOf, isCalendarMonth, paiseToRupees } from '@shop/proto-contracts';
import { badRequest } from '@shop/platform';
import { creditNotes, invoices, orders } from '../db/schema';
import { getCreditNote } from './credit-note.service';
import { taxInvoiceOf, type TaxInvoiceLine } from './invoice.model';
import type { OrderDeps } from './order-deps';
import { withItems } from './order.model';
import { istDayBounds } from './shop-calendar';

interface Amounts {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/** B2C outward supplies of one place of supply at one rate (GSTR-1 Table 7). */
export interface B2cRow extends Amounts {
  placeOfSupply: string;
  ratePercent: number;
}

/** The HSN-wise summary (GSTR-1 Table 12): units sold (net of returns) and values by HSN and rate. */
export interface HsnRow extends Amounts {
  hsnCode: string;
  ratePercent: number;
  quantity: number;
  totalPaise: number;
}

export interface GstSummary {
  month: string;
  invoices: number;
  creditNotes: number;
  b2c: B2cRow[];
  hsn: HsnRow[];
  totals: Amounts & { totalPaise: number };
}

const zero = (): Amounts => ({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
function add(into: Amounts, line: TaxInvoiceLine, sign: 1 | -1) {
  into.taxablePaise += sign * line.taxablePaise;
  into.cgstPaise += sign * line.cgstPaise;
  into.sgstPaise += sign * line.sgstPaise;
  into.igstPaise += sign * line.igstPaise;
}

/** The instants of a YYYY-MM month on the Asia/Kolkata calendar. */
function monthBounds(month: string): { from: Date; to: Date } {
  // The same check as the REST query's schema, for GraphQL's argument: a month of the shop's years, so the next month's first day is one too.
  if (!isCalendarMonth(month)) throw badRequest(gstSummaryMessages.badMonth);
  const year = Number(month.slice(0, 4));
  const mo = Number(month.slice(5, 7));
  const next = mo === 12 ? `${year + 1}-01-01` : `${year}-${String(mo + 1).padStart(2, '0')}-01`;
  return { from: istDayBounds(`${month}-01`).from, to: istDayBounds(next).from };
}

/**
 * The month's GST summary for the GSTR-1 return (decision 0049): the tax invoices issued in the
 * month (Asia/Kolkata), less the credit notes issued in it, by place of supply and rate (B2C; every
 * buyer is a consumer) and by HSN and rate. The lines are the documents' own (shipping is a line of
 * the invoice; the cash round off is no supply), so the summary adds up to the documents exactly.
 */
export async function gstSummary(deps: OrderDeps, month: string): Promise<GstSummary> {
  const { from, to } = monthBounds(month);
  const invoiceRows = await deps.db.select().from(invoices).where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)));
  const orderRows = invoiceRows.length ? await deps.db.select().from(orders).where(inArray(orders.id, invoiceRows.map((i) => i.orderId))) : [];
  const byId = new Map((await withItems(deps.db, orderRows)).map((o) => [o.id, o]));
  const noteRows = await deps.db.select().from(creditNotes).where(and(gte(creditNotes.issuedAt, from), lt(creditNotes.issuedAt, to)));

  const b2c = new Map<string, B2cRow>();
  const hsn = new Map<string, HsnRow>();
  const totals = { ...zero(), totalPaise: 0 };
  const take = (placeOfSupply: string, line: TaxInvoiceLine, sign: 1 | -1, isItem: boolean) => {
    const b = b2c.get(`${placeOfSupply}|${line.ratePercent}`) ?? { placeOfSupply, ratePercent: line.ratePercent, ...zero() };
    add(b, line, sign);
    b2c.set(`${placeOfSupply}|${line.ratePercent}`, b);
    const h = hsn.get(`${line.hsn}|${line.ratePercent}`) ?? { hsnCode: line.hsn, ratePercent: line.ratePercent, quantity: 0, totalPaise: 0, ...zero() };
    add(h, line, sign);
    if (isItem) h.quantity += sign * line.quantity;
    h.totalPaise += sign * (line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise);
    hsn.set(`${line.hsn}|${line.ratePercent}`, h);
    add(totals, line, sign);
    totals.totalPaise += sign * (line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise);
  };

  for (const row of invoiceRows) {
    const order = byId.get(row.orderId);
    if (!order) continue;
    const hsnByLine = row.hsnCodes ?? Object.fromEntries(order.items.map((i) => [String(i.lineNo), i.hsnCode ?? hsnCodeOf(i.categoryName)]));
    const invoice = taxInvoiceOf(order, row, row.seller ?? deps.seller, hsnByLine);
    invoice.lines.forEach((line, k) => take(invoice.placeOfSupply, line, 1, k < order.items.length));
    // Orders from before decision 0045 charged shipping outside the taxed lines: not a taxed supply.
  }
  for (const note of noteRows) {
    const credit = await getCreditNote(deps, { userId: '', role: 'admin' }, note.returnId);
    for (const line of credit.lines) take(credit.placeOfSupply, line, -1, true);
  }
  const sortedB2c = [...b2c.values()].sort((a, b) => a.placeOfSupply.localeCompare(b.placeOfSupply) || a.ratePercent - b.ratePercent);
  const sortedHsn = [...hsn.values()].sort((a, b) => a.hsnCode.localeCompare(b.hsnCode) || a.ratePercent - b.ratePercent);
  return { month, invoices: invoiceRows.length, creditNotes: noteRows.length, b2c: sortedB2c, hsn: sortedHsn, totals };
}

const r = paiseToRupees;
const amounts = (a: Amounts) => ({ taxableValue: r(a.taxablePaise), cgst: r(a.cgstPaise), sgst: r(a.sgstPaise), igst: r(a.igstPaise) });

/** The summary as REST and GraphQL answer it: money in rupees, rates in percent. */
export function toGstSummaryView(s: GstSummary) {
  return {
    month: s.month,
    invoices: s.invoices,
    creditNotes: s.creditNotes,
    b2c: s.b2c.map((b) => ({ placeOfSupply: b.placeOfSupply, rate: b.ratePercent, ...amounts(b) })),
    hsn: s.hsn.map((h) => ({ hsnCode: h.hsnCode, rate: h.ratePercent, quantity: h.quantity, totalValue: r(h.totalPaise), ...amounts(h) })),
    totals: { ...amounts(s.totals), totalValue: r(s.totals.totalPaise) },
  };
}

const csvCell = (v: string | number) => {
  const text = String(v);
  // Formula characters first are neutralised, as in the orders export.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof v === 'string' ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
const money = (paise: number) => (paise / 100).toFixed(2);

/** The summary as CSV: the B2C table, a blank line, the HSN table (figures in rupees, 2 decimals). */
export function gstSummaryCsv(s: GstSummary): string {
  const rows: Array<Array<string | number>> = [
    ['GSTR-1 B2C (small) supplies', s.month],
    ['Place of supply', 'Rate %', 'Taxable value', 'CGST', 'SGST', 'IGST'],
    ...s.b2c.map((b) => [b.placeOfSupply, b.ratePercent, money(b.taxablePaise), money(b.cgstPaise), money(b.sgstPaise), money(b.igstPaise)]),
    [],
    ['HSN summary', s.month],
    ['HSN', 'Rate %', 'Quantity', 'Total value', 'Taxable value', 'CGST', 'SGST', 'IGST'],
    ...s.hsn.map((h) => [h.hsnCode, h.ratePercent, h.quantity, money(h.totalPaise), money(h.taxablePaise), money(h.cgstPaise), money(h.sgstPaise), money(h.igstPaise)]),
    [],
    ['Total', '', '', money(s.totals.totalPaise), money(s.totals.taxablePaise), money(s.totals.cgstPaise), money(s.totals.sgstPaise), money(s.totals.igstPaise)],
  ];
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
