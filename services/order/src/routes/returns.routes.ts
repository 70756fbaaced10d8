import express, { Router } from 'express';
import { requireLogin, requireRole } from '@shop/platform';
import { adminReturnsQuerySchema, refundToBodySchema, requestReturnSchema, returnMessages, returnQuoteSchema, updateReturnSchema } from '@shop/proto-contracts';
import type { OrderDeps } from '../domain/order-deps';
import { toReturnView } from '../domain/return.model';
import { listReturns, listUserReturns, quoteReturn, refundDetailsOf, requestReturn, updateReturn } from '../domain/return.service';
import { parseInput } from '../parse-input';

/** Returns within 30 days: the buyer asks and follows; staff (admin and emp) decide, receive and refund. */
export function returnRoutes(deps: OrderDeps): Router {
  const r = Router();
  const staff = requireRole('admin', 'emp');
  const json = express.json({ limit: '20kb' });

  // What returning these lines would refund, before the shopper confirms (decision 0047).
  r.post('/order/:id/return/quote', requireLogin, json, async (req, res) => {
    const input = parseInput(returnQuoteSchema, req.body);
    res.json({ success: true, quote: await quoteReturn(deps, req.principal!.userId, String(req.params.id), input) });
  });

  r.post('/order/:id/return', requireLogin, json, async (req, res) => {
    const input = parseInput(requestReturnSchema, req.body);
    const { refundTo } = parseInput(refundToBodySchema, req.body);
    const ret = await requestReturn(deps, req.principal!.userId, String(req.params.id), input, refundTo);
    res.status(201).json({ success: true, message: returnMessages.returnRequested, return: toReturnView(ret, req.principal) });
  });

  r.get('/returns/user', requireLogin, async (req, res) => {
    res.json({ success: true, returns: (await listUserReturns(deps, req.principal!.userId)).map((ret) => toReturnView(ret, req.principal)) });
  });

  r.get('/admin/returns', staff, async (req, res) => {
    const page = await listReturns(deps, parseInput(adminReturnsQuerySchema, req.query));
    res.json({
      success: true,
      returns: page.returns.map((ret) => toReturnView(ret, req.principal)),
      totalReturns: page.total,
      totalPages: page.totalPages,
      currentPage: page.currentPage,
    });
  });

  // The UPI ID or account of a COD return, in full, for the staff member refunding it (decision 0054).
  r.get('/admin/return/:id/refund-details', staff, async (req, res) => {
    res.set('Cache-Control', 'no-store').json({ success: true, refundTo: await refundDetailsOf(deps, String(req.params.id)) });
  });

  r.put('/admin/return/:id', staff, json, async (req, res) => {
    const ret = await updateReturn(deps, String(req.params.id), parseInput(updateReturnSchema, req.body));
    res.json({ success: true, message: returnMessages.returnUpdated, return: toReturnView(ret, req.principal) });
  });

  return r;
}
