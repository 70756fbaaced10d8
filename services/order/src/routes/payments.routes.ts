import express, { Router } from 'express';
import { createPaymentOrderSchema, orderMessages, parseContract, verifyPaymentSchema } from '@shop/proto-contracts';
import { clientAddress } from '@shop/platform';
import type { OrderDeps } from '../domain/order-deps';
import { countPaymentCall, createPaymentOrder, payInTestMode, verifyPayment } from '../domain/payment.service';
import { parseInput } from '../parse-input';

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

  r.post('/createOrder', rateLimit, json, async (req, res) => {
    res.json(await createPaymentOrder(deps, parseInput(createPaymentOrderSchema, req.body)));
  });

  r.post('/verifyOrder', rateLimit, json, async (req, res) => {
    const parsed = parseContract(verifyPaymentSchema, req.body ?? {});
    const verified = parsed.success && (await verifyPayment(deps, parsed.data));
    if (!verified) return void res.status(400).json({ success: false, message: orderMessages.paymentVerificationFailed });
    res.json({ success: true, message: orderMessages.paymentVerified });
  });

  r.post('/payments/test/:orderId/pay', rateLimit, async (req, res) => {
    res.json(await payInTestMode(deps, String(req.params.orderId)));
  });

  return r;
}
