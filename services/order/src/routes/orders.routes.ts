import express, { Router, type Request } from 'express';
import { clientAddress, requireLogin } from '@shop/platform';
import { idempotencyKeySchema, orderMessages, placeOrderSchema } from '@shop/proto-contracts';
import { placeOrder } from '../domain/checkout.flow';
import type { OrderDeps } from '../domain/order-deps';
import { toOrderView } from '../domain/order.model';
import { cancelOwnOrder, getOrder, listUserOrders } from '../domain/order.service';
import { parseInput } from '../parse-input';

/** The Idempotency-Key header, if sent (400 when malformed). */
export function idempotencyKeyOf(req: Request): string | undefined {
  const raw = req.header('idempotency-key');
  return raw === undefined ? undefined : parseInput(idempotencyKeySchema, raw);
}

/** The shopper's order endpoints, under /api/v1. */
export function orderRoutes(deps: OrderDeps): Router {
  const r = Router();
  // Login is checked before the body is read, so a stranger gets 401 whatever they send.
  const json = express.json({ limit: '100kb' });

  r.post('/new/order', requireLogin, json, async (req, res) => {
    const key = idempotencyKeyOf(req);
    const input = parseInput(placeOrderSchema, req.body);
    const { userId, email, name, emailVerified } = req.principal!;
    const { order, created } = await placeOrder(deps, { userId, email, name, emailVerified }, input, key, { ip: clientAddress(req) });
    res.status(created ? 201 : 200).json({ success: true, message: orderMessages.orderPlaced, order: toOrderView(order, req.principal) });
  });

  r.get('/orders/user', requireLogin, async (req, res) => {
    const orders = await listUserOrders(deps, req.principal!.userId);
    res.json({ success: true, orders: orders.map((o) => toOrderView(o, req.principal)) });
  });

  r.get('/order/:id', requireLogin, async (req, res) => {
    res.json({ success: true, order: toOrderView(await getOrder(deps, req.principal!, String(req.params.id)), req.principal) });
  });

  r.post('/order/:id/cancel', requireLogin, async (req, res) => {
    const order = await cancelOwnOrder(deps, req.principal!.userId, String(req.params.id));
    res.json({ success: true, message: orderMessages.orderCancelled, order: toOrderView(order, req.principal) });
  });

  return r;
}
