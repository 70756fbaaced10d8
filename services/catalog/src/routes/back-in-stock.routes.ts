import { Router } from 'express';
import { requireLogin } from '@shop/platform';
import { notifyMessages } from '@shop/proto-contracts';
import type { CatalogDeps } from '../domain/catalog-deps';
import { isSubscribed, subscribeToRestock, unsubscribeFromRestock } from '../domain/back-in-stock.service';

/** Notify me (decision 0069): a logged-in shopper subscribes to an out-of-stock product's return, looks, and cancels. */
export function backInStockRoutes(deps: CatalogDeps): Router {
  const r = Router();

  r.get('/product/:id/notify', requireLogin, async (req, res) => {
    res.json({ success: true, subscribed: await isSubscribed(deps, req.principal!.userId, String(req.params.id)) });
  });

  r.post('/product/:id/notify', requireLogin, async (req, res) => {
    await subscribeToRestock(deps, req.principal!, String(req.params.id));
    res.status(201).json({ success: true, message: notifyMessages.subscribed, subscribed: true });
  });

  r.delete('/product/:id/notify', requireLogin, async (req, res) => {
    await unsubscribeFromRestock(deps, req.principal!.userId, String(req.params.id));
    res.json({ success: true, message: notifyMessages.cancelled, subscribed: false });
  });

  return r;
}
