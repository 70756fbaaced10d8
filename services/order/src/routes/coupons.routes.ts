import express, { Router } from 'express';
import { clientAddress, registerRoute } from '@shop/platform';
import { couponMessages } from '@shop/proto-contracts';
import { orderManifest as routes } from '@shop/proto-contracts/routes';
import { checkCoupon } from '../domain/checkout.flow';
import { createCoupon, deleteCoupon, listCoupons, toCouponView, updateCoupon } from '../domain/coupon.service';
import type { OrderDeps } from '../domain/order-deps';
import { toCheckoutQuoteView } from '../domain/checkout-quote.view';

/**
 * Coupons (decision 0028): staff (admin and emp) see them with their uses; only admin makes,
 * changes and deletes them; a logged-in shopper checks a code against the items before ordering.
 */
export function couponRoutes(deps: OrderDeps): Router {
  const r = Router();
  const json = express.json({ limit: '20kb' });

  registerRoute(r, routes['GET /admin/coupons'], async (_req, res, { query }) => {
    const page = await listCoupons(deps, query);
    res.json({ success: true, coupons: page.coupons.map(toCouponView), total: page.total, totalPages: page.totalPages, currentPage: page.currentPage });
  });

  registerRoute(r, routes['POST /admin/coupons'], json, async (_req, res, { body }) => {
    const coupon = await createCoupon(deps, body);
    res.status(201).json({ success: true, message: couponMessages.created, coupon: toCouponView(coupon) });
  });

  registerRoute(r, routes['PUT /admin/coupon/:id'], json, async (_req, res, { params, body }) => {
    const coupon = await updateCoupon(deps, params.id, body);
    res.json({ success: true, message: couponMessages.updated, coupon: toCouponView(coupon) });
  });

  registerRoute(r, routes['DELETE /admin/coupon/:id'], async (_req, res, { params }) => {
    await deleteCoupon(deps, params.id);
    res.json({ success: true, message: couponMessages.deleted });
  });

  registerRoute(r, routes['POST /coupon/check'], json, async (req, res, { body }) => {
    const { coupon, quote } = await checkCoupon(deps, req.principal!.userId, { ip: clientAddress(req) }, body);
    res.json({ success: true, message: couponMessages.applied(coupon.code), code: coupon.code, ...toCheckoutQuoteView(quote, coupon.code) });
  });

  return r;
}
