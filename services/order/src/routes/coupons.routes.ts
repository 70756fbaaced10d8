import express, { Router } from 'express';
import { clientAddress, requireLogin, requireRole } from '@shop/platform';
import { adminCouponsQuerySchema, checkCouponSchema, couponInputSchema, couponMessages } from '@shop/proto-contracts';
import { checkCoupon } from '../domain/checkout.flow';
import { createCoupon, deleteCoupon, listCoupons, toCouponView, updateCoupon } from '../domain/coupon.service';
import type { OrderDeps } from '../domain/order-deps';
import { parseInput } from '../parse-input';
import { toCheckoutQuoteView } from '../domain/checkout-quote.view';

/**
 * Coupons (decision 0028): staff (admin and emp) see them with their uses; only admin makes,
 * changes and deletes them; a logged-in shopper checks a code against the items before ordering.
 */
export function couponRoutes(deps: OrderDeps): Router {
  const r = Router();
  const json = express.json({ limit: '20kb' });
  const staff = requireRole('admin', 'emp');
  const admin = requireRole('admin');

  r.get('/admin/coupons', staff, async (req, res) => {
    const page = await listCoupons(deps, parseInput(adminCouponsQuerySchema, req.query));
    res.json({ success: true, coupons: page.coupons.map(toCouponView), total: page.total, totalPages: page.totalPages, currentPage: page.currentPage });
  });

  r.post('/admin/coupons', admin, json, async (req, res) => {
    const coupon = await createCoupon(deps, parseInput(couponInputSchema, req.body));
    res.status(201).json({ success: true, message: couponMessages.created, coupon: toCouponView(coupon) });
  });

  r.put('/admin/coupon/:id', admin, json, async (req, res) => {
    const coupon = await updateCoupon(deps, String(req.params.id), parseInput(couponInputSchema, req.body));
    res.json({ success: true, message: couponMessages.updated, coupon: toCouponView(coupon) });
  });

  r.delete('/admin/coupon/:id', admin, async (req, res) => {
    await deleteCoupon(deps, String(req.params.id));
    res.json({ success: true, message: couponMessages.deleted });
  });

  r.post('/coupon/check', requireLogin, json, async (req, res) => {
    const input = parseInput(checkCouponSchema, req.body);
    const { coupon, quote } = await checkCoupon(deps, req.principal!.userId, { ip: clientAddress(req) }, input);
    res.json({ success: true, message: couponMessages.applied(coupon.code), code: coupon.code, ...toCheckoutQuoteView(quote, coupon.code) });
  });

  return r;
}
