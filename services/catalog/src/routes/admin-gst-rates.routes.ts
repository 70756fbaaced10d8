import { Router } from 'express';
import { catalogManifest as routes } from '@shop/proto-contracts/routes';
import { registerRoute } from '@shop/platform';
import type { CatalogDeps } from '../domain/catalog-deps';
import { createGstRate, deleteGstRate, listGstRates, toGstRateView, updateGstRate } from '../domain/gst-rate.service';

/** The GST rate table (decision 0046): staff read it; only an admin changes it. */
export function adminGstRateRoutes(deps: CatalogDeps): Router {
  const r = Router();
  // The rate's fields are checked by the rate table itself (gst-rate.service), with its own messages.
  registerRoute(r, routes['GET /admin/gst-rates'], async (_req, res) => {
    res.json({ success: true, rates: (await listGstRates(deps)).map(toGstRateView) });
  });

  registerRoute(r, routes['POST /admin/gst-rates'], async (req, res) => {
    res.status(201).json({ success: true, rate: toGstRateView(await createGstRate(deps, req.body ?? {})) });
  });

  registerRoute(r, routes['PUT /admin/gst-rates/:id'], async (req, res, { params }) => {
    res.json({ success: true, rate: toGstRateView(await updateGstRate(deps, params.id, req.body ?? {})) });
  });

  registerRoute(r, routes['DELETE /admin/gst-rates/:id'], async (_req, res, { params }) => {
    await deleteGstRate(deps, params.id);
    res.json({ success: true, message: 'GST rate deleted' });
  });

  return r;
}
