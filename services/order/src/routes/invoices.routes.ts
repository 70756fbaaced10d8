import { Router } from 'express';
import { requireLogin } from '@shop/platform';
import type { OrderDeps } from '../domain/order-deps';
import { taxInvoicePdf } from '../domain/invoice.service';
import { creditNotePdf, getCreditNote, toCreditNoteView } from '../domain/credit-note.service';

/** GET /order/:id/invoice: the delivered order's GST tax invoice as a PDF, for its buyer or staff. */
export function invoiceRoutes(deps: OrderDeps): Router {
  const r = Router();
  r.get('/order/:id/invoice', requireLogin, async (req, res) => {
    const { pdf, fileName } = await taxInvoicePdf(deps, req.principal!, String(req.params.id));
    res
      .status(200)
      .set({ 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'private, no-store' })
      .send(pdf);
  });
  // The credit note of a received return (decision 0048): its figures, and the PDF.
  r.get('/returns/:id/credit-note', requireLogin, async (req, res) => {
    res.set('cache-control', 'private, no-store').json({ success: true, creditNote: toCreditNoteView(await getCreditNote(deps, req.principal!, String(req.params.id))) });
  });
  r.get('/returns/:id/credit-note/pdf', requireLogin, async (req, res) => {
    const { pdf, fileName } = await creditNotePdf(deps, req.principal!, String(req.params.id));
    res
      .status(200)
      .set({ 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'private, no-store' })
      .send(pdf);
  });
  return r;
}
