import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { amountInWords, creditNoteNumberOf, creditNoteTotalsOf, creditOf, financialYearOf, isReturnId, paiseToRupees, returnMessages } from '@shop/proto-contracts';
import { badRequest, notFound, type Tx } from '@shop/platform';
import { creditNoteCounters, creditNotes, invoices, returnItems, type CreditNoteRow } from '../db/schema';
import type { OrderDeps } from './order-deps';
import { getOrder, type Viewer } from './order.service';
import { getTaxInvoice } from './invoice.service';
import type { TaxInvoice, TaxInvoiceLine } from './invoice.model';
import { renderInvoicePdf } from './invoice.pdf';
import { loadReturns } from './return.service';


export const creditNoteMessages = {
  notIssued: 'No credit note was issued for this return (it is issued once the return is received)',
} as const;

/**
 * Issues the credit note of a return being received, in the caller's transaction (the one that
 * marks it received), when its order was invoiced: the financial year's counter row is created or
 * incremented by one upsert (its lock makes concurrent receipts take consecutive numbers; a
 * rollback gives the number back), as for invoices (decision 0026).
 */
export async function issueCreditNote(tx: Tx, deps: Pick<OrderDeps, 'seller'>, ret: { id: string; orderId: string }, at: Date): Promise<CreditNoteRow | undefined> {
  const [invoice] = await tx.select({ seller: invoices.seller }).from(invoices).where(eq(invoices.orderId, ret.orderId));
  if (!invoice) return undefined;
  const financialYear = financialYearOf(at);
  const [counter] = await tx
    .insert(creditNoteCounters)
    .values({ financialYear, lastNumber: 1 })
    .onConflictDoUpdate({ target: creditNoteCounters.financialYear, set: { lastNumber: sql`${creditNoteCounters.lastNumber} + 1` } })
    .returning();
  const sequence = counter!.lastNumber;
  const [row] = await tx
    .insert(creditNotes)
    .values({ returnId: ret.id, orderId: ret.orderId, number: creditNoteNumberOf(financialYear, sequence), financialYear, sequence, issuedAt: at, seller: invoice.seller ?? deps.seller })
    .returning();
  return row;
}

/** A credit note: the invoice's shape (lines with HSN, rate, taxable value and GST), its own number, the invoice it refers to. */
export interface CreditNote extends TaxInvoice {
  returnId: string;
  invoiceNumber: string;
}

/**
 * The credit note of a received return, for the order's buyer or staff: each returned line's share
 * of what its invoice line carried (`creditOf`, after the units earlier credit notes of the order
 * took back), so the tax credited is the tax the returned units were invoiced with. Shipping is not
 * credited (it is not refunded). A round-off line closes the note to the refund it stands for, so
 * its total is always the refund to the paisa (decision 0103).
 */
export async function getCreditNote(deps: OrderDeps, viewer: Viewer, returnIdInput: string): Promise<CreditNote> {
  if (!isReturnId(returnIdInput)) throw badRequest(returnMessages.invalidReturnId);
  const returnId = returnIdInput.toLowerCase();
  const [ret] = await loadReturns(deps.db, [returnId]);
  if (!ret) throw notFound(returnMessages.returnNotFound);
  await getOrder(deps, viewer, ret.orderId); // the buyer or staff; anyone else: 404
  const [note] = await deps.db.select().from(creditNotes).where(eq(creditNotes.returnId, returnId));
  if (!note) throw notFound(creditNoteMessages.notIssued);
  const invoice = await getTaxInvoice(deps, viewer, ret.orderId);

  // Units of each line credited by the order's earlier credit notes.
  const earlier = await deps.db
    .select({ lineNo: returnItems.lineNo, quantity: returnItems.quantity })
    .from(creditNotes)
    .innerJoin(returnItems, eq(returnItems.returnId, creditNotes.returnId))
    .where(and(eq(creditNotes.orderId, ret.orderId), ne(creditNotes.returnId, returnId), sql`(${creditNotes.issuedAt}, ${creditNotes.sequence}) < (${note.issuedAt}, ${note.sequence})`));
  const before = new Map<number, number>();
  for (const e of earlier) before.set(e.lineNo, (before.get(e.lineNo) ?? 0) + e.quantity);

  const creditedLines: ReturnType<typeof creditOf>[] = [];
  const lines = ret.items.map(({ line, quantity }, k): TaxInvoiceLine => {
    const index = ret.order.items.findIndex((i) => i.lineNo === line.lineNo);
    const invoiced = invoice.lines[index]!;
    const credited = creditOf(invoiced, before.get(line.lineNo) ?? 0, quantity);
    creditedLines.push(credited);
    const grossShare = invoiced.unitPricePaise * quantity;
    return {
      no: k + 1,
      description: invoiced.description,
      hsn: invoiced.hsn,
      quantity,
      unitPricePaise: invoiced.unitPricePaise,
      ratePercent: invoiced.ratePercent,
      // Legacy invoices' amounts add GST on top of the price: the discount column is then not meaningful.
      discountPaise: invoice.pricesIncludeGst ? Math.max(0, grossShare - credited.valuePaise) : Math.max(0, grossShare - credited.taxablePaise),
      taxablePaise: credited.taxablePaise,
      cgstPaise: credited.cgstPaise,
      sgstPaise: credited.sgstPaise,
      igstPaise: credited.igstPaise,
      totalPaise: credited.valuePaise,
    };
  });
  const totals = creditNoteTotalsOf(creditedLines, ret.refundPaise);
  return {
    ...invoice,
    kind: 'credit-note',
    number: note.number,
    issuedAt: note.issuedAt,
    seller: note.seller,
    lines,
    coupon: null,
    taxablePaise: totals.taxablePaise,
    cgstPaise: totals.cgstPaise,
    sgstPaise: totals.sgstPaise,
    igstPaise: totals.igstPaise,
    shippingPaise: 0,
    roundOffPaise: totals.roundOffPaise,
    totalPaise: totals.totalPaise,
    totalInWords: amountInWords(totals.totalPaise),
    returnId,
    invoiceNumber: invoice.number,
  };
}

/** The credit note as REST and GraphQL show it: money in rupees. */
export function toCreditNoteView(c: CreditNote) {
  const r = paiseToRupees;
  return {
    number: c.number,
    issuedAt: c.issuedAt.toISOString(),
    returnId: c.returnId,
    orderId: c.orderId,
    invoiceNumber: c.invoiceNumber,
    placeOfSupply: c.placeOfSupply,
    intraState: c.intraState,
    lines: c.lines.map((l) => ({
      description: l.description,
      hsnCode: l.hsn,
      quantity: l.quantity,
      gstRate: l.ratePercent,
      taxableValue: r(l.taxablePaise),
      cgst: r(l.cgstPaise),
      sgst: r(l.sgstPaise),
      igst: r(l.igstPaise),
      total: r(l.totalPaise),
    })),
    taxableValue: r(c.taxablePaise),
    cgst: r(c.cgstPaise),
    sgst: r(c.sgstPaise),
    igst: r(c.igstPaise),
    // The refund less the lines (decision 0103): total = Σ lines' totals + roundOff = the refund.
    roundOff: r(c.roundOffPaise),
    total: r(c.totalPaise),
  };
}

export async function creditNotePdf(deps: OrderDeps, viewer: Viewer, returnId: string): Promise<{ pdf: Buffer; fileName: string }> {
  const note = await getCreditNote(deps, viewer, returnId);
  return { pdf: await renderInvoicePdf(note), fileName: `${note.number.replace(/\//g, '-')}.pdf` };
}

/** The credit note numbers of returns (for their views). */
export async function creditNoteNumbers(db: OrderDeps['db'] | Tx, returnIds: string[]): Promise<Map<string, CreditNoteRow>> {
  if (returnIds.length === 0) return new Map();
  const rows = await db.select().from(creditNotes).where(inArray(creditNotes.returnId, returnIds)).orderBy(asc(creditNotes.sequence));
  return new Map(rows.map((r) => [r.returnId, r]));
}
