import { Router } from 'express';
import { registerRoute } from '@shop/platform';
import { orderManifest as routes } from '@shop/proto-contracts/routes';
import type { OrderDeps } from '../domain/order-deps';
import { taxInvoicePdf } from '../domain/invoice.service';
import { creditNotePdf, getCreditNote, toCreditNoteView } from '../domain/credit-note.service';

/** GET /order/:id/invoice: the delivered order's GST tax invoice as a PDF, for its buyer or staff. */
export function invoiceRoutes(deps: OrderDeps): Router {
  const r = Router();
  registerRoute(r, routes['GET /order/:id/invoice'], async (req, res, { params }) => {
    const { pdf, fileName } = await taxInvoicePdf(deps, req.principal!, params.id);
    res
      .status(200)
      .set({ 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'private, no-store' })
      .send(pdf);
  });
  // The credit note of a received return (decision 0048): its figures, and the PDF.
  registerRoute(r, routes['GET /returns/:id/credit-note'], async (req, res, { params }) => {
    res.set('cache-control', 'private, no-store').json({ success: true, creditNote: toCreditNoteView(await getCreditNote(deps, req.principal!, params.id)) });
  });
  registerRoute(r, routes['GET /returns/:id/credit-note/pdf'], async (req, res, { params }) => {
    const { pdf, fileName } = await creditNotePdf(deps, req.principal!, params.id);
    res
      .status(200)
      .set({ 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'private, no-store' })
      .send(pdf);
  });
  return r;
}
