import express, { Router } from 'express';
import { clientAddress, registerRoute } from '@shop/platform';
import { orderMessages } from '@shop/proto-contracts';
import { orderManifest as routes } from '@shop/proto-contracts/routes';
import { placeOrder } from '../domain/checkout.flow';
import type { OrderDeps } from '../domain/order-deps';
import { toOrderView } from '../domain/order.model';
import { cancelOwnOrder, getOrder, listUserOrders } from '../domain/order.service';

/** The shopper's order endpoints, under /api/v1. */
export function orderRoutes(deps: OrderDeps): Router {
  const r = Router();
  // Login is checked before the body is read, so a stranger gets 401 whatever they send.
  const json = express.json({ limit: '100kb' });

  registerRoute(r, routes['POST /new/order'], json, async (req, res, { headers, body }) => {
    const { userId, email, name, emailVerified } = req.principal!;
    const { order, created } = await placeOrder(deps, { userId, email, name, emailVerified }, body, headers['Idempotency-Key'], { ip: clientAddress(req) });
    res.status(created ? 201 : 200).json({ success: true, message: orderMessages.orderPlaced, order: toOrderView(order, req.principal) });
  });

  registerRoute(r, routes['GET /orders/user'], async (req, res) => {
    const orders = await listUserOrders(deps, req.principal!.userId);
    res.json({ success: true, orders: orders.map((o) => toOrderView(o, req.principal)) });
  });

  registerRoute(r, routes['GET /order/:id'], async (req, res, { params }) => {
    res.json({ success: true, order: toOrderView(await getOrder(deps, req.principal!, params.id), req.principal) });
  });

  registerRoute(r, routes['POST /order/:id/cancel'], async (req, res, { params }) => {
    const order = await cancelOwnOrder(deps, req.principal!.userId, params.id);
    res.json({ success: true, message: orderMessages.orderCancelled, order: toOrderView(order, req.principal) });
  });

  return r;
}
