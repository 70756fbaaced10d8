import { sql } from 'drizzle-orm';
import { istDateOf } from '../domain/shop-calendar';
import { shippingInfo, startOrderService, type OrderTestService } from '../testing/order-test-service';

// A service of its own: the figures below count every order in its database.
let svc: OrderTestService;

const DAY_MS = 24 * 60 * 60 * 1000;
const STATS_PATH = '/api/v1/admin/dashboard/sales';

/** Places an order of one buyer for `quantity` of a product, then moves it `daysAgo` shop days back (same time of day). */
async function place(productId: string, quantity: number, daysAgo = 0) {
  const buyer = svc.as('user');
  const res = await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo(), items: [{ productId, quantity }] });
  if (res.status !== 201) throw new Error(`order failed: ${JSON.stringify(res.body)}`);
  const order = res.body.order as { _id: string; totalPrice: number };
  if (daysAgo > 0) await svc.rows(sql`update "order".orders set created_at = created_at - ${`${daysAgo} days`}::interval where id = ${order._id}`);
  return { ...order, buyer };
}

let kettle: { _id: string };
let watch: { _id: string };
let novel: { _id: string };
let delivered: { _id: string; totalPrice: number };
let cancelled: { _id: string; totalPrice: number };
let tenDaysAgo: { _id: string; totalPrice: number };
let beforeCategories: { _id: string; totalPrice: number };

beforeAll(async () => {
  svc = await startOrderService();
  kettle = await svc.product({ name: 'Electric Kettle', price: 500, stock: 20, category: 1, subcat: 'cookware' });
  watch = await svc.product({ name: 'Analog Watch', price: 1200, stock: 20, category: 6, subcat: 'watches' });
  novel = await svc.product({ name: 'Paperback Novel', price: 300, stock: 20, category: 8, subcat: 'novel_books' });
  const admin = svc.as('admin');
  // Today: two kettles, delivered and their cash collected.
  delivered = await place(kettle._id, 2);
  for (const status of ['shipped', 'delivered']) expect((await admin.put(`/api/v1/admin/order/${delivered._id}`, { status })).status).toBe(200);
  expect((await admin.post(`/api/v1/admin/order/${delivered._id}/cod-collected`)).status).toBe(200);
  // Today: a watch, cancelled by its buyer (counted nowhere but in the status chart).
  const c = await place(watch._id, 1);
  expect((await c.buyer.post(`/api/v1/order/${c._id}/cancel`)).status).toBe(200);
  cancelled = c;
  // Ten days ago: a novel, still processing (in the 30-day figures, not the 7-day ones).
  tenDaysAgo = await place(novel._id, 1, 10);
  // Two days ago: a novel ordered before order lines recorded their category.
  beforeCategories = await place(novel._id, 3, 2);
  await svc.rows(sql`update "order".order_items set category_id = null, category_name = null where order_id = ${beforeCategories._id}`);
  // Two services and a dozen orders: slow on a busy machine.
}, 240_000);
afterAll(async () => {
  await svc?.close();
});

describe('GET /api/v1/admin/dashboard/sales?days=', () => {
  test('staff only: admin and emp read it; a shopper is refused, a visitor asked to log in', async () => {
    expect((await svc.as('admin').get(STATS_PATH)).status).toBe(200);
    expect((await svc.as('emp').get(`${STATS_PATH}?days=30`)).status).toBe(200);
    const shopper = await svc.as('user').get(STATS_PATH);
    expect(shopper.status).toBe(403);
    expect(shopper.body.success).toBe(false);
    expect((await svc.visitor.get(STATS_PATH)).status).toBe(401);
  });

  test('days must be a whole number from 1 to 90: anything else is a 400 that says so', async () => {
    const emp = svc.as('emp');
    for (const days of ['0', '91', 'abc', '7.5', '-7', '1e1', '7&days=30']) {
      const res = await emp.get(`${STATS_PATH}?days=${days}`);
      expect({ days, status: res.status, body: res.body }).toEqual({ days, status: 400, body: { success: false, message: 'days must be a whole number from 1 to 90' } });
    }
    expect((await emp.get(`${STATS_PATH}?days=90`)).body.daily).toHaveLength(90);
  });

  test('7 days: the delivered order is earned and sold, the cancelled one only counted by status', async () => {
    const res = await svc.as('emp').get(`${STATS_PATH}?days=7`);
    expect(res.status).toBe(200);
    const s = res.body;
    const today = istDateOf(new Date());
    expect({ days: s.days, to: s.to, from: s.from }).toEqual({ days: 7, to: today, from: istDateOf(new Date(Date.now() - 6 * DAY_MS)) });
    expect(s.daily.map((d: { date: string }) => d.date).at(-1)).toBe(today);

    expect(s.totalEarnings).toBeCloseTo(delivered.totalPrice, 2);
    // Booked: still to be collected (the delivered order's cash was collected).
    expect(s.bookedSales).toBeCloseTo(tenDaysAgo.totalPrice + beforeCategories.totalPrice, 2);
    expect(s.collectedSales).toBeCloseTo(delivered.totalPrice, 2);
    expect(s.refunded).toBe(0);
    expect(s.todaySales).toBeCloseTo(delivered.totalPrice, 2);
    expect(s.daily.at(-1)).toEqual({ date: today, total: s.todaySales, orders: 1 });
    expect(s.daily.at(-3)).toEqual({ date: istDateOf(new Date(Date.now() - 2 * DAY_MS)), total: beforeCategories.totalPrice, orders: 1 });

    // Every status listed; orders placed in the period by their status now.
    expect(s.periodByStatus).toEqual([
      { status: 'pending', orders: 0 },
      { status: 'processing', orders: 1 },
      { status: 'shipped', orders: 0 },
      { status: 'delivered', orders: 1 },
      { status: 'cancelled', orders: 1 },
    ]);
    // Item value (price × quantity), highest first; the cancelled watch sold nothing.
    expect(s.topProducts).toEqual([
      { productId: kettle._id, name: 'Electric Kettle', units: 2, value: 1000 },
      { productId: novel._id, name: 'Paperback Novel', units: 3, value: 900 },
    ]);
    expect(s.salesByCategory).toEqual([
      { categoryId: '2', name: 'Home & Kitchen', units: 2, value: 1000 },
      { categoryId: null, name: 'Not recorded', units: 3, value: 900 },
    ]);
  });

  test('30 days take in the order of ten days ago, as GraphQL answers too', async () => {
    const rest = (await svc.as('admin').get(`${STATS_PATH}?days=30`)).body;
    expect(rest.daily).toHaveLength(30);
    expect(rest.daily.at(-11)).toMatchObject({ total: tenDaysAgo.totalPrice, orders: 1 });
    expect(rest.periodByStatus.find((r: { status: string }) => r.status === 'processing').orders).toBe(2);
    expect(rest.topProducts).toEqual([
      { productId: novel._id, name: 'Paperback Novel', units: 4, value: 1200 },
      { productId: kettle._id, name: 'Electric Kettle', units: 2, value: 1000 },
    ]);
    expect(rest.salesByCategory).toEqual([
      { categoryId: '2', name: 'Home & Kitchen', units: 2, value: 1000 },
      { categoryId: null, name: 'Not recorded', units: 3, value: 900 },
      { categoryId: '9', name: 'Books', units: 1, value: 300 },
    ]);

    const query = `query($d: Int) { salesStats(days: $d) { days from to todaySales totalEarnings bookedSales collectedSales refunded ordersByStatus { status orders }
      daily { date total orders } periodByStatus { status orders } topProducts { productId name units value } salesByCategory { categoryId name units value } } }`;
    const gql = await svc.as('emp').graphql(query, { d: 30 });
    expect(gql.body.errors).toBeUndefined();
    const { success: _success, ...figures } = rest;
    expect(gql.body.data.salesStats).toEqual(figures);
  });

  test('a category renamed since shows its latest name; a product in it sold today counts there', async () => {
    // Sold in "Books" ten days ago; the category is renamed, and a novel sold today carries the new name.
    const renamed = await svc.catalog.as('admin').put('/api/v1/admin/categories/9', { name: 'Books & Novels' });
    expect(renamed.status).toBe(200);
    const today = await place(novel._id, 1);
    const s = (await svc.as('emp').get(`${STATS_PATH}?days=30`)).body;
    expect(s.salesByCategory.find((c: { categoryId: string | null }) => c.categoryId === '9')).toEqual({ categoryId: '9', name: 'Books & Novels', units: 2, value: 600 });
    expect((await today.buyer.post(`/api/v1/order/${today._id}/cancel`)).status).toBe(200);
  });
});
