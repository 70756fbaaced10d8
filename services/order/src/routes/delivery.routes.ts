import express, { Router } from 'express';
import { requireRole } from '@shop/platform';
import { deliveryMessages } from '@shop/proto-contracts';
import type { OrderDeps } from '../domain/order-deps';
import { createDeliveryZone, deleteDeliveryZone, deliveryPromise, listDeliveryZones, toDeliveryZoneView, updateDeliveryZone } from '../domain/delivery-promise.service';

/**
 * Delivery by PIN code (decision 0068): anyone checks a PIN (the product page, cart and checkout
 * ask before an order exists); staff (admin and emp) read and edit the zones.
 */
export function deliveryRoutes(deps: OrderDeps): Router {
  const r = Router();
  const json = express.json({ limit: '10kb' });
  const staff = requireRole('admin', 'emp');

  r.get('/delivery/promise', async (req, res) => {
    res.json({ success: true, promise: await deliveryPromise(deps, req.query.pin) });
  });

  r.get('/admin/delivery-zones', staff, async (_req, res) => {
    res.json({ success: true, zones: (await listDeliveryZones(deps.db)).map(toDeliveryZoneView) });
  });

  r.post('/admin/delivery-zones', staff, json, async (req, res) => {
    const zone = await createDeliveryZone(deps, req.body);
    res.status(201).json({ success: true, message: deliveryMessages.zoneCreated, zone: toDeliveryZoneView(zone) });
  });

  r.put('/admin/delivery-zones/:prefix', staff, json, async (req, res) => {
    const zone = await updateDeliveryZone(deps, String(req.params.prefix), req.body);
    res.json({ success: true, message: deliveryMessages.zoneUpdated, zone: toDeliveryZoneView(zone) });
  });

  r.delete('/admin/delivery-zones/:prefix', staff, async (req, res) => {
    await deleteDeliveryZone(deps, String(req.params.prefix));
    res.json({ success: true, message: deliveryMessages.zoneDeleted });
  });

  return r;
}
