import express, { Router } from 'express';
import { registerRoute } from '@shop/platform';
import { returnMessages } from '@shop/proto-contracts';
import { orderManifest as routes } from '@shop/proto-contracts/routes';
import type { OrderDeps } from '../domain/order-deps';
import { toReturnView } from '../domain/return.model';
import { listReturns, listUserReturns, quoteReturn, refundDetailsOf, requestReturn, updateReturn } from '../domain/return.service';

/** Returns within 30 days: the buyer asks and follows; staff (admin and emp) decide, receive and refund. */
export function returnRoutes(deps: OrderDeps): Router {
  const r = Router();
  const json = express.json({ limit: '20kb' });

  // What returning these lines would refund, before the shopper confirms (decision 0047).
  registerRoute(r, routes['POST /order/:id/return/quote'], json, async (req, res, { params, body }) => {
    res.json({ success: true, quote: await quoteReturn(deps, req.principal!.userId, params.id, body) });
  });

  registerRoute(r, routes['POST /order/:id/return'], json, async (req, res, { params, body: { refundTo, ...input } }) => {
    const ret = await requestReturn(deps, req.principal!.userId, params.id, input, refundTo);
    res.status(201).json({ success: true, message: returnMessages.returnRequested, return: toReturnView(ret, req.principal) });
  });

  registerRoute(r, routes['GET /returns/user'], async (req, res) => {
    res.json({ success: true, returns: (await listUserReturns(deps, req.principal!.userId)).map((ret) => toReturnView(ret, req.principal)) });
  });

  registerRoute(r, routes['GET /admin/returns'], async (req, res, { query }) => {
    const page = await listReturns(deps, query);
    res.json({
      success: true,
      returns: page.returns.map((ret) => toReturnView(ret, req.principal)),
      totalReturns: page.total,
      totalPages: page.totalPages,
      currentPage: page.currentPage,
    });
  });

  // The UPI ID or account of a COD return, in full, for the staff member refunding it (decision 0054).
  registerRoute(r, routes['GET /admin/return/:id/refund-details'], async (_req, res, { params }) => {
    res.set('Cache-Control', 'no-store').json({ success: true, refundTo: await refundDetailsOf(deps, params.id) });
  });

  registerRoute(r, routes['PUT /admin/return/:id'], json, async (req, res, { params, body }) => {
    const ret = await updateReturn(deps, params.id, body);
    res.json({ success: true, message: returnMessages.returnUpdated, return: toReturnView(ret, req.principal) });
  });

  return r;
}
