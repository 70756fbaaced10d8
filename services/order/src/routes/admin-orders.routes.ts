import express, { Router } from 'express';
import { gstSummary, gstSummaryCsv, toGstSummaryView } from '../domain/gst-summary.service';
import { registerRoute } from '@shop/platform';
import { mayReadAccountEmail, orderMessages, paiseToRupees, shippingMessages } from '@shop/proto-contracts';
import { orderManifest as routes } from '@shop/proto-contracts/routes';
import type { OrderDeps } from '../domain/order-deps';
import { toOrderNoteView, toOrderView } from '../domain/order.model';
import { ordersToCsv } from '../domain/order-export.csv';
import { addOrderNote, archiveOrder, collectCod, deleteOrder, exportOrders, listAllOrders, listOrderNotes, listOrdersByDate, setOrderStatus } from '../domain/order.service';
import { salesStats, salesStatsView } from '../domain/sales-stats.service';
import { istDateOf } from '../domain/shop-calendar';

/** Order administration: admin and emp; deleting is admin only. */
export function adminOrderRoutes(deps: OrderDeps): Router {
  const r = Router();
  const json = express.json({ limit: '10kb' });

  registerRoute(r, routes['GET /orders/date'], async (req, res, { query }) => {
    const page = await listOrdersByDate(deps, query);
    res.json({
      success: true,
      date: page.date,
      orders: page.orders.map((o) => toOrderView(o, req.principal)),
      totalOrders: page.total,
      totalPages: page.totalPages,
      currentPage: page.currentPage,
    });
  });

  registerRoute(r, routes['GET /admin/orders'], async (req, res, { query }) => {
    const page = await listAllOrders(deps, query, req.principal!);
    res.json({
      success: true,
      orders: page.orders.map((o) => toOrderView(o, req.principal)),
      totalAmount: paiseToRupees(page.totalAmountPaise),
      totalOrders: page.total,
      totalPages: page.totalPages,
      currentPage: page.currentPage,
    });
  });

  // The same search as /admin/orders, every page at once (newest first, capped), as a CSV download.
  registerRoute(r, routes['GET /admin/orders/export'], async (req, res, { query }) => {
    const csv = ordersToCsv(await exportOrders(deps, query, req.principal!), { withEmail: mayReadAccountEmail(req.principal) });
    res
      .type('text/csv; charset=utf-8')
      .attachment(`orders-${istDateOf(deps.clock())}.csv`)
      .set('Cache-Control', 'no-store')
      .send(csv);
  });

  // The dashboard's sales figures and charts (admin and emp: the dashboard is theirs); days 1–90, 7 when absent.
  registerRoute(r, routes['GET /admin/dashboard/sales'], async (_req, res, { query }) => {
    const stats = await salesStats(deps, query.days);
    res.set('Cache-Control', 'no-store').json({ success: true, ...salesStatsView(stats) });
  });

  // The month's GST summary for GSTR-1 (admin: the shop's tax filing; decision 0049), as JSON or CSV.
  registerRoute(r, routes['GET /admin/gst-summary'], async (_req, res, { query }) => {
    res.set('Cache-Control', 'no-store').json({ success: true, summary: toGstSummaryView(await gstSummary(deps, query.month)) });
  });
  registerRoute(r, routes['GET /admin/gst-summary/csv'], async (_req, res, { query }) => {
    const summary = await gstSummary(deps, query.month);
    res.type('text/csv; charset=utf-8').attachment(`gst-summary-${summary.month}.csv`).set('Cache-Control', 'no-store').send(gstSummaryCsv(summary));
  });

  // A status change (staff), or { archived } (admin only, decision 0103).
  registerRoute(r, routes['PUT /admin/order/:id'], json, async (req, res, { params, body }) => {
    if (body.archived !== undefined) {
      const order = await archiveOrder(deps, req.principal!, params.id, body.archived);
      res.json({ success: true, message: body.archived ? orderMessages.orderArchived : orderMessages.orderUnarchived, order: toOrderView(order, req.principal) });
      return;
    }
    const order = await setOrderStatus(deps, params.id, { status: body.status!, courier: body.courier, trackingNumber: body.trackingNumber });
    res.json({ success: true, message: orderMessages.orderUpdated, order: toOrderView(order, req.principal) });
  });

  // Collecting cash on delivery is its own step (decision 0054): staff confirm the cash is in hand.
  registerRoute(r, routes['POST /admin/order/:id/cod-collected'], async (req, res, { params }) => {
    const order = await collectCod(deps, params.id);
    res.json({ success: true, message: shippingMessages.codCollected, order: toOrderView(order, req.principal) });
  });

  // Staff-only notes: admin and emp read and write them; the buyer never sees them.
  registerRoute(r, routes['GET /admin/order/:id/notes'], async (_req, res, { params }) => {
    const notes = await listOrderNotes(deps, params.id);
    res.set('Cache-Control', 'no-store').json({ success: true, notes: notes.map(toOrderNoteView) });
  });

  registerRoute(r, routes['POST /admin/order/:id/notes'], json, async (req, res, { params, body }) => {
    const principal = req.principal!;
    const note = await addOrderNote(deps, { userId: principal.userId, name: principal.name }, params.id, body.text);
    res.status(201).json({ success: true, message: shippingMessages.noteAdded, note: toOrderNoteView(note) });
  });

  // Only an order never shipped nor invoiced (409 otherwise: archive it; decision 0103).
  registerRoute(r, routes['DELETE /admin/order/:id'], async (req, res, { params }) => {
    await deleteOrder(deps, req.principal!, params.id);
    res.json({ success: true, message: orderMessages.orderDeleted });
  });

  return r;
}
