import express, { Router } from 'express';
import { registerRoute } from '@shop/platform';
import { deliveryMessages } from '@shop/proto-contracts';
import { orderManifest as routes } from '@shop/proto-contracts/routes';
import type { OrderDeps } from '../domain/order-deps';
import { createDeliveryZone, deleteDeliveryZone, deliveryPromise, listDeliveryZones, toDeliveryZoneView, updateDeliveryZone } from '../domain/delivery-promise.service';

/**
 * Delivery by PIN code (decision 0068): anyone checks a PIN (the product page, cart and checkout
 * ask before an order exists); staff (admin and emp) read and edit the zones.
 */
export function deliveryRoutes(deps: OrderDeps): Router {
  const r = Router();
  const json = express.json({ limit: '10kb' });

  registerRoute(r, routes['GET /delivery/promise'], async (_req, res, { query }) => {
    res.json({ success: true, promise: await deliveryPromise(deps, query.pin) });
  });

  registerRoute(r, routes['GET /admin/delivery-zones'], async (_req, res) => {
    res.json({ success: true, zones: (await listDeliveryZones(deps.db)).map(toDeliveryZoneView) });
  });

  registerRoute(r, routes['POST /admin/delivery-zones'], json, async (_req, res, { body }) => {
    const zone = await createDeliveryZone(deps, body);
    res.status(201).json({ success: true, message: deliveryMessages.zoneCreated, zone: toDeliveryZoneView(zone) });
  });

  registerRoute(r, routes['PUT /admin/delivery-zones/:prefix'], json, async (_req, res, { params, body }) => {
    const zone = await updateDeliveryZone(deps, params.prefix, body);
    res.json({ success: true, message: deliveryMessages.zoneUpdated, zone: toDeliveryZoneView(zone) });
  });

  registerRoute(r, routes['DELETE /admin/delivery-zones/:prefix'], async (_req, res, { params }) => {
    await deleteDeliveryZone(deps, params.prefix);
    res.json({ success: true, message: deliveryMessages.zoneDeleted });
  });

  return r;
}
