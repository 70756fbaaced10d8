import { Router } from 'express';
import { requireLogin } from '@shop/platform';
import type { OrderDeps } from '../domain/order-deps';
import { taxInvoicePdf } from '../domain/invoice.service';

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
  return r;
}
