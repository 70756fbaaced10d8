import { eq, isNull, and, sql } from 'drizzle-orm';
import { financialYearOf, hsnCodeOf, invoiceNumberOf, invoiceMessages } from '@shop/proto-contracts';
import { AppError, badRequest, notFound, type Tx } from '@shop/platform';
import { invoiceCounters, invoices, type InvoiceRow } from '../db/schema';
import type { OrderDeps } from './order-deps';
import type { Order } from './order.model';
import { getOrder, type Viewer } from './order.service';
import { taxInvoiceOf, type TaxInvoice } from './invoice.model';
import { renderInvoicePdf } from './invoice.pdf';

/**
 * Issues the tax invoice of an order being delivered, in the caller's transaction (the one that
 * changes its status): the financial year's counter row is created or incremented by one upsert,
 * which holds that row's lock until the transaction ends, so concurrent deliveries take consecutive
 * numbers one after the other, and a delivery that rolls back gives its number back (no gaps).
 */
export async function issueInvoice(tx: Tx, deps: Pick<OrderDeps, 'seller'>, orderId: string, at: Date): Promise<InvoiceRow> {
  const financialYear = financialYearOf(at);
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ financialYear, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.financialYear, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning();
  const sequence = counter!.lastNumber;
  const [row] = await tx
    .insert(invoices)
    .values({ orderId, number: invoiceNumberOf(financialYear, sequence), financialYear, sequence, issuedAt: at, seller: deps.seller })
    .returning();
  return row!;
}

/** The invoice row of an order, if one was issued. */
export async function findInvoice(deps: Pick<OrderDeps, 'db'>, orderId: string): Promise<InvoiceRow | undefined> {
  const [row] = await deps.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return row;
}

/**
 * HSN codes of an invoice's lines, fixed the first time it is rendered: from each product's
 * top-level category as the catalog answers it (a product deleted since gets the default code).
 */
async function hsnCodesOf(deps: OrderDeps, order: Order, invoice: InvoiceRow): Promise<Record<string, string>> {
  if (invoice.hsnCodes) return invoice.hsnCodes;
  // Orders priced with GST by HSN (decision 0046) carry their codes; nothing to look up.
  if (order.items.every((i) => i.hsnCode)) return Object.fromEntries(order.items.map((i) => [String(i.lineNo), i.hsnCode!]));
  const byProduct = new Map<string, string>();
  for (const productId of new Set(order.items.map((i) => i.productId))) {
    try {
      byProduct.set(productId, hsnCodeOf((await deps.catalog.getProduct(productId)).categoryName));
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 404) throw err;
      byProduct.set(productId, hsnCodeOf(null));
    }
  }
  const codes = Object.fromEntries(order.items.map((i) => [String(i.lineNo), byProduct.get(i.productId)!]));
  // Whoever renders first fixes the codes; a second renderer at the same moment reads theirs.
  await deps.db.update(invoices).set({ hsnCodes: codes }).where(and(eq(invoices.orderId, order.id), isNull(invoices.hsnCodes)));
  return (await findInvoice(deps, order.id))?.hsnCodes ?? codes;
}

/** The tax invoice of a delivered order, for its buyer or staff (anyone else: 404, as for the order). */
export async function getTaxInvoice(deps: OrderDeps, viewer: Viewer, orderId: string): Promise<TaxInvoice> {
  const order = await getOrder(deps, viewer, orderId);
  if (order.status !== 'delivered') throw badRequest(invoiceMessages.notYetDelivered);
  const invoice = await findInvoice(deps, order.id);
  if (!invoice) throw notFound(invoiceMessages.invoiceNotFound);
  return taxInvoiceOf(order, invoice, invoice.seller ?? deps.seller, await hsnCodesOf(deps, order, invoice));
}

/** The invoice as a PDF, with the file name it is downloaded under. */
export async function taxInvoicePdf(deps: OrderDeps, viewer: Viewer, orderId: string): Promise<{ pdf: Buffer; fileName: string }> {
  const invoice = await getTaxInvoice(deps, viewer, orderId);
  return { pdf: await renderInvoicePdf(invoice), fileName: `${invoice.number.replace(/\//g, '-')}.pdf` };
}
