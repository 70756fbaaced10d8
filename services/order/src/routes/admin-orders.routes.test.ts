import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { eventually } from '@shop/platform/src/testing';
import { shippingInfo, startOrderService, type OrderClient, type OrderTestService } from '../testing/order-test-service';

let svc: OrderTestService;
let productId: string;

beforeAll(async () => {
  svc = await startOrderService();
  productId = (await svc.product({ name: 'Brass Lamp', price: 1000, stock: 100 }))._id;
});
afterAll(async () => {
  await svc?.close();
});

async function place(buyer: OrderClient = svc.as('user'), quantity = 1) {
  const res = await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo(), items: [{ productId, quantity }] });
  if (res.status !== 201) throw new Error(`order failed: ${JSON.stringify(res.body)}`);
  return res.body.order as { _id: string; createdAt: string; totalPrice: number; estimatedDelivery: string };
}

const setStatus = (client: OrderClient, id: string, status: unknown) => client.put(`/api/v1/admin/order/${id}`, { status });

describe('PUT /api/v1/admin/order/:id', () => {
  test('staff move an order along, stamping shippedAt and deliveredAt; delivery leaves cash on delivery to collect', async () => {
    const placed = await place();
    const emp = svc.as('emp');

    const shipped = await setStatus(emp, placed._id, 'Shipped');
    expect(shipped.status).toBe(200);
    const s = shipped.body.order;
    expect(s).toMatchObject({ orderStatus: 'shipped', shippedAt: expect.any(String), deliveredAt: null, paymentInfo: { status: 'Pending' }, canCancel: false });
    // Shipping does not move the day promised when the order was placed (decision 0068).
    expect(s.estimatedDelivery).toBe(placed.estimatedDelivery);

    const delivered = (await setStatus(svc.as('admin'), placed._id, 'delivered')).body.order;
    expect(delivered).toMatchObject({ orderStatus: 'delivered', shippedAt: s.shippedAt, deliveredAt: expect.any(String), paidAt: null });
    expect(delivered.paymentInfo).toEqual({ id: null, status: 'Pending', method: 'COD' });

    const events = await svc.rows<{ status: string; previous: string }>(
      sql`select payload->>'status' as status, payload->>'previousStatus' as previous from "order".outbox where type = 'OrderStatusChanged' and payload->>'orderId' = ${placed._id} order by occurred_at`,
    );
    expect(events).toEqual([
      { status: 'shipped', previous: 'processing' },
      { status: 'delivered', previous: 'shipped' },
    ]);
  });

  test('an illegal move is a 400 naming both statuses, and changes nothing', async () => {
    const placed = await place();
    const admin = svc.as('admin');
    expect(await setStatus(admin, placed._id, 'delivered')).toEqual({
      status: 400,
      body: { success: false, message: 'Cannot change order status from processing to delivered' },
    });
    expect(await setStatus(admin, placed._id, 'pending')).toEqual({
      status: 400,
      body: { success: false, message: 'Cannot change order status from processing to pending' },
    });
    await setStatus(admin, placed._id, 'shipped');
    expect((await setStatus(admin, placed._id, 'cancelled')).body.message).toBe('Cannot change order status from shipped to cancelled');
    expect(await setStatus(admin, placed._id, 'lost')).toEqual({ status: 400, body: { success: false, message: 'Unknown order status: lost' } });
    expect((await setStatus(admin, placed._id, undefined)).status).toBe(400);
    expect((await svc.as('admin').get(`/api/v1/order/${placed._id}`)).body.order.orderStatus).toBe('shipped');
  });

  test('staff cancelling gives the stock back through OrderCancelled', async () => {
    const before = (await svc.stockOf(productId)).stock;
    const placed = await place(svc.as('user'), 3);
    expect((await svc.stockOf(productId)).stock).toBe(before - 3);
    const res = await setStatus(svc.as('emp'), placed._id, 'cancelled');
    expect(res.body.order).toMatchObject({ orderStatus: 'cancelled', cancelledAt: expect.any(String) });
    await eventually(async () => expect((await svc.stockOf(productId)).stock).toBe(before));
  });

  test('only staff change statuses; an unknown order is a 404', async () => {
    const placed = await place();
    expect((await setStatus(svc.as('user'), placed._id, 'shipped')).status).toBe(403);
    expect((await svc.visitor.put(`/api/v1/admin/order/${placed._id}`, { status: 'shipped' })).status).toBe(401);
    expect(await setStatus(svc.as('admin'), randomUUID(), 'shipped')).toEqual({ status: 404, body: { success: false, message: 'Order not found' } });
  });
});

describe('DELETE /api/v1/admin/order/:id', () => {
  test('emp may not delete (403); admin deletes, and an active order gives its stock back', async () => {
    const before = (await svc.stockOf(productId)).stock;
    const placed = await place(svc.as('user'), 2);
    expect((await svc.as('emp').delete(`/api/v1/admin/order/${placed._id}`)).status).toBe(403);
    expect((await svc.as('user').delete(`/api/v1/admin/order/${placed._id}`)).status).toBe(403);

    expect(await svc.as('admin').delete(`/api/v1/admin/order/${placed._id}`)).toEqual({
      status: 200,
      body: { success: true, message: 'Order deleted successfully' },
    });
    expect((await svc.as('admin').get(`/api/v1/order/${placed._id}`)).status).toBe(404);
    expect((await svc.as('admin').delete(`/api/v1/admin/order/${placed._id}`)).status).toBe(404);
    await eventually(async () => expect((await svc.stockOf(productId)).stock).toBe(before));
  });
});

describe('GET /api/v1/orders/date', () => {
  test('lists the orders of an Asia/Kolkata day, 10 per page, newest first', async () => {
    // 12 orders on 5 Jan 2025 (IST), from 00:30 to 23:59, and one just outside on each side.
    const atUtc = [
      '2025-01-04T19:00:00Z', // 00:30 IST on 5 Jan
      ...Array.from({ length: 10 }, (_, i) => `2025-01-05T0${i}:00:00Z`),
      '2025-01-05T18:29:00Z', // 23:59 IST on 5 Jan
      '2025-01-04T18:29:00Z', // 23:59 IST on 4 Jan
      '2025-01-05T18:30:00Z', // 00:00 IST on 6 Jan
    ];
    const ids: string[] = [];
    for (const at of atUtc) {
      const placed = await place();
      await svc.rows(sql`update "order".orders set created_at = ${at}::timestamptz where id = ${placed._id}`);
      ids.push(placed._id);
    }
    const emp = svc.as('emp');
    const page1 = await emp.get('/api/v1/orders/date?date=2025-01-05');
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ success: true, totalPages: 2, currentPage: 1, totalOrders: 12 });
    const expectedNewestFirst = [ids[11], ...ids.slice(1, 11).reverse(), ids[0]];
    expect(page1.body.orders.map((o: any) => o._id)).toEqual(expectedNewestFirst.slice(0, 10));
    const page2 = await emp.get('/api/v1/orders/date?date=2025-01-05&page=2');
    expect(page2.body).toMatchObject({ totalPages: 2, currentPage: 2 });
    expect(page2.body.orders.map((o: any) => o._id)).toEqual(expectedNewestFirst.slice(10));

    const jan4 = await emp.get('/api/v1/orders/date?date=2025-01-04&page=1');
    expect(jan4.body.orders.map((o: any) => o._id)).toEqual([ids[12]]);
    expect(jan4.body).toMatchObject({ totalPages: 1, currentPage: 1 });
    const jan6 = await emp.get('/api/v1/orders/date?date=2025-01-06');
    expect(jan6.body.orders.map((o: any) => o._id)).toEqual([ids[13]]);
    const empty = await emp.get('/api/v1/orders/date?date=2024-02-29');
    expect(empty.body).toMatchObject({ orders: [], totalPages: 1, currentPage: 1, totalOrders: 0 });
  });

  test('bad dates and pages are 400s; shoppers may not list by date', async () => {
    const emp = svc.as('emp');
    expect(await emp.get('/api/v1/orders/date?date=2025-02-30')).toEqual({ status: 400, body: { success: false, message: 'Please give the date as YYYY-MM-DD' } });
    expect((await emp.get('/api/v1/orders/date?date=05-01-2025')).status).toBe(400);
    expect((await emp.get('/api/v1/orders/date?date=2025-01-05&page=0')).status).toBe(400);
    expect((await svc.as('user').get('/api/v1/orders/date?date=2025-01-05')).status).toBe(403);
    // Without a date: today in India.
    const today = await emp.get('/api/v1/orders/date');
    expect(today.status).toBe(200);
    expect(today.body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('GET /api/v1/admin/orders', () => {
  test('lists every order with the total of those not cancelled', async () => {
    const a = await place(svc.as('user'), 1);
    const b = await place(svc.as('user'), 2);
    await setStatus(svc.as('admin'), b._id, 'cancelled');
    const res = await svc.as('emp').get('/api/v1/admin/orders?limit=100');
    expect(res.status).toBe(200);
    const ids = res.body.orders.map((o: any) => o._id);
    expect(ids).toEqual(expect.arrayContaining([a._id, b._id]));
    const rows = await svc.rows<{ total: string }>(sql`select coalesce(sum(total_paise), 0)::text as total from "order".orders where status <> 'cancelled'`);
    expect(res.body.totalAmount).toBe(Number(rows[0].total) / 100);
    const cancelledOnly = await svc.as('emp').get('/api/v1/admin/orders?status=Cancelled');
    expect(cancelledOnly.body.orders.every((o: any) => o.orderStatus === 'cancelled')).toBe(true);
    expect(cancelledOnly.body.totalAmount).toBe(0);
    expect((await svc.as('user').get('/api/v1/admin/orders')).status).toBe(403);
  });
});
