import { Router } from 'express';
import { requireRole } from '@shop/platform';
import type { CatalogDeps } from '../domain/catalog-deps';
import { createGstRate, deleteGstRate, listGstRates, toGstRateView, updateGstRate } from '../domain/gst-rate.service';

/** The GST rate table (decision 0046): staff read it; only an admin changes it. */
export function adminGstRateRoutes(deps: CatalogDeps): Router {
  const r = Router();
  const staff = requireRole('admin', 'emp');
  const admin = requireRole('admin');

  r.get('/admin/gst-rates', staff, async (_req, res) => {
    res.json({ success: true, rates: (await listGstRates(deps)).map(toGstRateView) });
  });

  r.post('/admin/gst-rates', admin, async (req, res) => {
    res.status(201).json({ success: true, rate: toGstRateView(await createGstRate(deps, req.body ?? {})) });
  });

  r.put('/admin/gst-rates/:id', admin, async (req, res) => {
    res.json({ success: true, rate: toGstRateView(await updateGstRate(deps, String(req.params.id), req.body ?? {})) });
  });

  r.delete('/admin/gst-rates/:id', admin, async (req, res) => {
    await deleteGstRate(deps, String(req.params.id));
    res.json({ success: true, message: 'GST rate deleted' });
  });

  return r;
}
