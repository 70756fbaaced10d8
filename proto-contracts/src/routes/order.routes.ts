/** The order service's REST routes: checkout, orders, returns, invoices, coupons, payments and their staff side (format: route-manifest.ts). */
import { z } from 'zod';
import { adminCouponsQuerySchema, couponInputSchema } from '../coupons';
import { deliveryPinSchema, deliveryZoneInputSchema, deliveryZonePatchSchema } from '../delivery.schema';
import { adminOrdersQuerySchema, checkCouponSchema, createPaymentOrderSchema, gstSummaryQuerySchema, idempotencyKeySchema, salesDaysQuerySchema, ordersByDateQuerySchema, placeOrderSchema, verifyPaymentSchema } from '../order';
import { orderMessages } from '../order-rules';
import { orderNoteSchema, updateAdminOrderSchema } from '../order-admin';
import { refundToBodySchema } from '../refund-to.schema';
import { adminReturnsQuerySchema, requestReturnSchema, returnQuoteSchema, updateReturnSchema } from '../returns';
import { defineRoutes, idParams, ok, okMessage, textQuery, views } from './route-manifest';

const orderAnswer = ok({ order: views.order });
const orderChange = ok({ message: z.string(), order: views.order });
const orderPage = { totalPages: z.number().int(), currentPage: z.number().int() };
const returnAnswer = ok({ message: z.string(), return: z.looseObject({ id: z.string() }) });
const couponAnswer = ok({ message: z.string(), coupon: z.looseObject({ id: z.string(), code: z.string() }) });
const deliveryZoneView = z.looseObject({ pinPrefix: z.string(), label: z.string(), serviceable: z.boolean(), codAvailable: z.boolean(), deliveryDays: z.number().int() });
const prefixParams = z.object({ prefix: z.string().min(1) });

export const orderManifest = defineRoutes('order', {
  'POST /new/order': {
    access: 'login',
    summary:
      'Place a cash-on-delivery order priced by the server (items or orderItems, shippingInfo, couponCode). With an Idempotency-Key, a retry answers the order already placed (200) instead of a second one (201). A shipping PIN not served, or without cash on delivery, is a 400 (decision 0068); the order keeps its promised day as estimatedDelivery',
    body: placeOrderSchema,
    headers: z.object({ 'Idempotency-Key': idempotencyKeySchema.optional().describe('1–200 visible ASCII characters; the same key places one order') }),
    response: orderChange,
    status: [201, 200],
  },
  // Delivery by PIN code (decision 0068)
  'GET /delivery/promise': {
    access: 'public',
    summary:
      "Whether the shop delivers to a PIN code: promise { pin, serviceable, codAvailable, zone, deliveryDays, deliveryDate (YYYY-MM-DD, Asia/Kolkata), message ('Delivery by Sat, 28 Nov · Cash on delivery available') }; a malformed pin is a 400",
    query: z.object({ pin: deliveryPinSchema.describe('6-digit PIN code') }),
    response: ok({ promise: z.looseObject({ pin: z.string(), serviceable: z.boolean(), codAvailable: z.boolean() }) }),
  },
  'GET /admin/delivery-zones': { access: 'staff', summary: 'The delivery zones: zones (pinPrefix, label, serviceable, codAvailable, deliveryDays, updatedAt); the longest prefix matching a PIN applies', response: ok({ zones: z.array(deliveryZoneView) }) },
  'POST /admin/delivery-zones': { access: 'staff', summary: 'Add a zone (pinPrefix 1–3 digits, label, serviceable, codAvailable, deliveryDays 1–30); 409 when the prefix has one', body: deliveryZoneInputSchema, response: ok({ message: z.string(), zone: deliveryZoneView }), status: [201], conflict: 'The prefix has a zone' },
  'PUT /admin/delivery-zones/:prefix': { access: 'staff', summary: 'Change a zone (any of label, serviceable, codAvailable, deliveryDays); checks and orders from now on use it', params: prefixParams, body: deliveryZonePatchSchema, response: ok({ message: z.string(), zone: deliveryZoneView }) },
  'DELETE /admin/delivery-zones/:prefix': { access: 'staff', summary: 'Remove a zone: its PINs fall back to a shorter prefix, or are not served', params: prefixParams, response: okMessage },
  'GET /orders/user': { access: 'login', summary: "The caller's orders, newest first", response: ok({ orders: z.array(views.order) }) },
  'GET /order/:id': { access: 'login', summary: 'One order (its buyer, or staff)', params: idParams, response: orderAnswer },
  'POST /order/:id/cancel': { access: 'login', summary: 'Cancel own pending or processing order (stock goes back)', params: idParams, response: orderChange },
  'GET /orders/date': { access: 'staff', summary: 'Orders of an Asia/Kolkata calendar day (date, page; archived: exclude, the default, include or only)', query: ordersByDateQuerySchema, response: ok({ orders: z.array(views.order) }) },
  'GET /admin/orders': {
    access: 'staff',
    summary:
      'Find orders, newest first: q (order number in any form, or a buyer name or phone; a buyer email for admins only), status, payment, from/to (Asia/Kolkata days), archived (exclude: the default, include, only), page, pageSize or limit (1–100, 50); totalAmount covers all pages',
    query: adminOrdersQuerySchema,
    response: ok({ orders: z.array(views.order), totalAmount: z.number(), totalOrders: z.number().int(), ...orderPage }),
  },
  'GET /admin/orders/export': {
    access: 'staff',
    summary: 'The orders the same search finds (all pages, at most 5000) as CSV, archived ones included unless archived says otherwise; the buyer email column only for admin',
    query: adminOrdersQuerySchema,
    answers: 'csv',
  },
  'GET /admin/dashboard/sales': {
    access: 'staff',
    summary: "The staff dashboard's sales figures over the last `days` Asia/Kolkata days (1–90, 7): todaySales, totalEarnings, bookedSales, collectedSales, refunded, ordersByStatus, daily, periodByStatus, topProducts, salesByCategory",
    query: salesDaysQuerySchema,
    response: ok(),
  },
  'GET /admin/gst-summary': {
    access: 'admin',
    summary: "The month's GST summary for GSTR-1: invoices issued less credit notes issued, b2c by placeOfSupply and rate, hsn by hsnCode and rate, totals",
    query: gstSummaryQuerySchema,
    response: ok(),
  },
  'GET /admin/gst-summary/csv': { access: 'admin', summary: 'The same GST summary as CSV', query: gstSummaryQuerySchema, answers: 'csv' },
  'PUT /admin/order/:id': {
    access: 'staff',
    summary:
      "Change an order's status (staff); shipping (status shipped) needs courier and trackingNumber, shown to the buyer with the courier's tracking link. Or { archived: true | false } (admin only, 403 for emp): an archived order is hidden from the staff's default order lists and kept everywhere else (decision 0103)",
    params: idParams,
    body: updateAdminOrderSchema,
    response: orderChange,
  },
  'DELETE /admin/order/:id': {
    access: 'admin',
    summary: 'Delete an order never shipped (its held stock goes back); 409 for an order that was ever shipped or has an invoice: archive it instead (decision 0103)',
    params: idParams,
    response: okMessage,
    conflict: 'The order was shipped or invoiced',
  },
  'POST /admin/order/:id/cod-collected': {
    access: 'staff',
    summary: 'Record the cash of a shipped or delivered cash-on-delivery order as collected (payment Paid); 409 when not COD, already settled or not shipped',
    params: idParams,
    response: orderChange,
    conflict: 'Not cash on delivery, already settled, or not shipped',
  },
  'GET /admin/order/:id/notes': { access: 'staff', summary: 'Staff-only notes of an order, oldest first (authorName, text, createdAt)', params: idParams, response: ok({ notes: z.array(z.unknown()) }) },
  'POST /admin/order/:id/notes': { access: 'staff', summary: 'Add a staff-only note to an order (text, 1–1000 characters), signed with the caller’s name', params: idParams, body: orderNoteSchema, response: ok({ message: z.string(), note: z.unknown() }), status: [201] },
  'POST /order/:id/return/quote': {
    access: 'login',
    summary: 'What returning these items would refund now: quote { refundAmount, couponLost, couponCode, keptPrice }',
    params: idParams,
    body: returnQuoteSchema,
    response: ok({ quote: z.unknown() }),
    conflict: 'More of an item than is left to return',
  },
  'GET /returns/:id/credit-note': { access: 'login', summary: 'The credit note of a received return (buyer or staff)', params: idParams, response: ok({ creditNote: z.unknown() }) },
  'GET /returns/:id/credit-note/pdf': { access: 'login', summary: 'The credit note as a PDF (buyer or staff)', params: idParams, answers: 'pdf' },
  'POST /order/:id/return': {
    access: 'login',
    summary: 'Return items of own delivered order within 30 days of delivery (items, reason, photo); a cash-on-delivery order also needs refundTo (UPI or bank transfer)',
    params: idParams,
    body: requestReturnSchema.and(refundToBodySchema),
    response: returnAnswer,
    status: [201],
    conflict: 'More of an item than is left to return',
  },
  'GET /returns/user': { access: 'login', summary: "The caller's returns with their timelines", response: ok({ returns: z.array(z.unknown()) }) },
  'GET /admin/returns': { access: 'staff', summary: 'Return requests (status, page; 20 per page)', query: adminReturnsQuerySchema, response: ok({ returns: z.array(z.unknown()) }) },
  'PUT /admin/return/:id': { access: 'staff', summary: 'Approve, reject, receive (stock goes back) or refund a return', params: idParams, body: updateReturnSchema, response: returnAnswer },
  'GET /admin/return/:id/refund-details': {
    access: 'staff',
    summary: 'The UPI ID or bank account a cash-on-delivery return is refunded to, in full, while it waits for its refund; 409 otherwise',
    params: idParams,
    response: ok(),
    conflict: 'The return is not a cash-on-delivery one waiting for its refund',
  },
  'GET /order/:id/invoice': { access: 'login', summary: 'GST tax invoice of a delivered order (buyer or staff)', params: idParams, answers: 'pdf' },
  'GET /admin/coupons': { access: 'staff', summary: 'Coupons newest first with their uses (page, limit 1–100, 50)', query: adminCouponsQuerySchema, response: ok({ coupons: z.array(z.unknown()), total: z.number().int(), ...orderPage }) },
  'POST /admin/coupons': {
    access: 'admin',
    summary: "Create a coupon: code, type ('percent' | 'amount'), value, minOrder (rupees), validFrom, validTo, maxUses, maxUsesPerCustomer, active; 409 for a code taken",
    body: couponInputSchema,
    response: couponAnswer,
    status: [201],
    conflict: 'The code is taken',
  },
  'PUT /admin/coupon/:id': { access: 'admin', summary: "Replace a coupon's terms (same body as create)", params: idParams, body: couponInputSchema, response: couponAnswer, conflict: 'The code is taken, or maxUses is below the uses so far' },
  'DELETE /admin/coupon/:id': { access: 'admin', summary: 'Delete a coupon no order used (409 for a used one: deactivate it instead)', params: idParams, response: okMessage, conflict: 'An order used the coupon' },
  'POST /coupon/check': {
    access: 'login',
    summary: 'Whether a coupon code may be used on these items now, with the price it gives (code, items); each refusal a 4xx saying why',
    body: checkCouponSchema,
    response: ok({ message: z.string(), code: z.string() }),
  },
  'POST /createOrder': { access: 'public', summary: 'Payment test page: create a payment order (limited per client)', body: createPaymentOrderSchema, response: z.looseObject({}) },
  'POST /verifyOrder': { access: 'public', summary: 'Payment test page: verify a payment signature (400 when it does not hold)', body: verifyPaymentSchema, invalid: orderMessages.paymentVerificationFailed, response: okMessage },
  'POST /payments/test/:orderId/pay': { access: 'public', summary: 'Built-in test provider: pay a payment order (test mode only)', params: z.object({ orderId: z.string().min(1) }), response: z.looseObject({}) },
});
