import express, { Router } from 'express';
import { orderMessages } from '@shop/proto-contracts';
import { orderManifest as routes } from '@shop/proto-contracts/routes';
import { clientAddress, registerRoute } from '@shop/platform';
import type { OrderDeps } from '../domain/order-deps';
import { countPaymentCall, createPaymentOrder, payInTestMode, verifyPayment } from '../domain/payment.service';

/**
 * The payment test page's calls: create a provider order, verify a payment's
 * signature; and, in test mode only, the built-in provider's "pay" that the SPA's test dialog uses.
 * Open to everyone, as the page is; limited per client address.
 */
export function paymentRoutes(deps: OrderDeps): Router {
  const r = Router();
  const rateLimit: express.RequestHandler = async (req, _res, next) => {
    try {
      await countPaymentCall(deps, { ip: clientAddress(req) });
      next();
    } catch (err) {
      next(err);
    }
  };
  const json = express.json({ limit: '10kb' });

  registerRoute(r, routes['POST /createOrder'], rateLimit, json, async (_req, res, { body }) => {
    res.json(await createPaymentOrder(deps, body));
  });

  // A body that is not a signature at all gets the same answer as a wrong signature (the manifest's `invalid`).
  registerRoute(r, routes['POST /verifyOrder'], rateLimit, json, async (_req, res, { body }) => {
    const verified = await verifyPayment(deps, body);
    if (!verified) return void res.status(400).json({ success: false, message: orderMessages.paymentVerificationFailed });
    res.json({ success: true, message: orderMessages.paymentVerified });
  });

  registerRoute(r, routes['POST /payments/test/:orderId/pay'], rateLimit, async (_req, res, { params }) => {
    res.json(await payInTestMode(deps, params.orderId));
  });

  return r;
}
