import express, { Router } from 'express';
import { gstSummary, gstSummaryCsv, toGstSummaryView } from '../domain/gst-summary.service';
import { requireRole } from '@shop/platform';
import { adminOrdersQuerySchema, changeOrderStatusSchema, mayReadAccountEmail, orderMessages, orderNoteSchema, ordersByDateQuerySchema, paiseToRupees, shippingMessages } from '@shop/proto-contracts';
import type { OrderDeps } from '../domain/order-deps';
import { toOrderNoteView, toOrderView } from '../domain/order.model';
import { ordersToCsv } from '../domain/order-export.csv';
import { addOrderNote, collectCod, deleteOrder, exportOrders, listAllOrders, listOrderNotes, listOrdersByDate, setOrderStatus } from '../domain/order.service';
import { salesDaysOf, salesStats, salesStatsView } from '../domain/sales-stats.service';
import { istDateOf } from '../domain/shop-calendar';
import { parseInput } from '../parse-input';

/** Order administration: admin and emp; deleting is admin only. */
export function adminOrderRoutes(deps: OrderDeps): Router {
  const r = Router();
  const staff = requireRole('admin', 'emp');
  const json = express.json({ limit: '10kb' });

  r.get('/orders/date', staff, async (req, res) => {
    const page = await listOrdersByDate(deps, parseInput(ordersByDateQuerySchema, req.query));
    res.json({
      success: true,
      date: page.date,
      orders: page.orders.map((o) => toOrderView(o, req.principal)),
      totalOrders: page.total,
      totalPages: page.totalPages,
      currentPage: page.currentPage,
    });
  });

  r.get('/admin/orders', staff, async (req, res) => {
    const page = await listAllOrders(deps, parseInput(adminOrdersQuerySchema, req.query), req.principal!);
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
  r.get('/admin/orders/export', staff, async (req, res) => {
    const query = parseInput(adminOrdersQuerySchema, { ...req.query, page: undefined, limit: undefined });
    const csv = ordersToCsv(await exportOrders(deps, query, req.principal!), { withEmail: mayReadAccountEmail(req.principal) });
    res
      .type('text/csv; charset=utf-8')
      .attachment(`orders-${istDateOf(deps.clock())}.csv`)
      .set('Cache-Control', 'no-store')
      .send(csv);
  });

  // The dashboard's sales figures and charts (admin and emp: the dashboard is theirs); days 1–90, 7 when absent.
  r.get('/admin/dashboard/sales', staff, async (req, res) => {
    const stats = await salesStats(deps, salesDaysOf(req.query.days));
    res.set('Cache-Control', 'no-store').json({ success: true, ...salesStatsView(stats) });
  });

  // The month's GST summary for GSTR-1 (admin: the shop's tax filing; decision 0049), as JSON or CSV.
  const monthOf = (req: { query: Record<string, unknown> }) => (typeof req.query.month === 'string' ? req.query.month : '');
  r.get('/admin/gst-summary', requireRole('admin'), async (req, res) => {
    res.set('Cache-Control', 'no-store').json({ success: true, summary: toGstSummaryView(await gstSummary(deps, monthOf(req))) });
  });
  r.get('/admin/gst-summary/csv', requireRole('admin'), async (req, res) => {
    const summary = await gstSummary(deps, monthOf(req));
    res.type('text/csv; charset=utf-8').attachment(`gst-summary-${summary.month}.csv`).set('Cache-Control', 'no-store').send(gstSummaryCsv(summary));
  });

  r.put('/admin/order/:id', staff, json, async (req, res) => {
    const order = await setOrderStatus(deps, String(req.params.id), parseInput(changeOrderStatusSchema, req.body));
    res.json({ success: true, message: orderMessages.orderUpdated, order: toOrderView(order, req.principal) });
  });

  // Collecting cash on delivery is its own step (decision 0054): staff confirm the cash is in hand.
  r.post('/admin/order/:id/cod-collected', staff, async (req, res) => {
    const order = await collectCod(deps, String(req.params.id));
    res.json({ success: true, message: shippingMessages.codCollected, order: toOrderView(order, req.principal) });
  });

  // Staff-only notes: admin and emp read and write them; the buyer never sees them.
  r.get('/admin/order/:id/notes', staff, async (req, res) => {
    const notes = await listOrderNotes(deps, String(req.params.id));
    res.set('Cache-Control', 'no-store').json({ success: true, notes: notes.map(toOrderNoteView) });
  });

  r.post('/admin/order/:id/notes', staff, json, async (req, res) => {
    const { text } = parseInput(orderNoteSchema, req.body);
    const principal = req.principal!;
    const note = await addOrderNote(deps, { userId: principal.userId, name: principal.name }, String(req.params.id), text);
    res.status(201).json({ success: true, message: shippingMessages.noteAdded, note: toOrderNoteView(note) });
  });

  r.delete('/admin/order/:id', requireRole('admin'), async (req, res) => {
    await deleteOrder(deps, String(req.params.id));
    res.json({ success: true, message: orderMessages.orderDeleted });
  });

  return r;
}
