import { Router } from 'express';
import { registerRoute } from '@shop/platform';
import { notifyMessages } from '@shop/proto-contracts';
import { catalogManifest as routes } from '@shop/proto-contracts/routes';
import type { CatalogDeps } from '../domain/catalog-deps';
import { isSubscribed, subscribeToRestock, unsubscribeFromRestock } from '../domain/back-in-stock.service';

/** Notify me (decision 0069): a logged-in shopper subscribes to an out-of-stock product's return, looks, and cancels. */
export function backInStockRoutes(deps: CatalogDeps): Router {
  const r = Router();

  registerRoute(r, routes['GET /product/:id/notify'], async (req, res, { params }) => {
    res.json({ success: true, subscribed: await isSubscribed(deps, req.principal!.userId, params.id) });
  });

  registerRoute(r, routes['POST /product/:id/notify'], async (req, res, { params }) => {
    await subscribeToRestock(deps, req.principal!, params.id);
    res.status(201).json({ success: true, message: notifyMessages.subscribed, subscribed: true });
  });

  registerRoute(r, routes['DELETE /product/:id/notify'], async (req, res, { params }) => {
    await unsubscribeFromRestock(deps, req.principal!.userId, params.id);
    res.json({ success: true, message: notifyMessages.cancelled, subscribed: false });
  });

  return r;
}
