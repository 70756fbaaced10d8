import { sql } from 'drizzle-orm';
import { shippingInfo, startOrderService, type OrderClient, type OrderTestService } from '../testing/order-test-service';

// A service of its own: the searches below count every order in the database.
let svc: OrderTestService;
let productId: string;
let asha: { _id: string };
let ravi: { _id: string };
let meera: { _id: string };

async function place(buyer: OrderClient, phoneNo: string) {
  const res = await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo({ phoneNo }), items: [{ productId, quantity: 1 }] });
  if (res.status !== 201) throw new Error(`order failed: ${JSON.stringify(res.body)}`);
  return res.body.order as { _id: string };
}

beforeAll(async () => {
  svc = await startOrderService();
  productId = (await svc.product({ name: 'Jute Bag', price: 300, stock: 100 }))._id;
  asha = await place(svc.as('user', { email: 'asha.k@example.in', name: 'Asha Kumar' }), '98765 43210');
  ravi = await place(svc.as('user', { email: 'ravi_m@example.in', name: 'Ravi Menon' }), '+91 91234 56789');
  meera = await place(svc.as('user', { email: 'meera@example.in', name: 'Meera Iyer' }), '9000011111');
  // Placed on three Asia/Kolkata days: 1, 2 and 3 March 2025 (10:00 IST).
  for (const [o, day] of [[asha, '01'], [ravi, '02'], [meera, '03']] as const) {
    await svc.rows(sql`update "order".orders set created_at = ${`2025-03-${day}T04:30:00Z`}::timestamptz where id = ${o._id}`);
  }
  await svc.as('admin').put(`/api/v1/admin/order/${meera._id}`, { status: 'shipped' });
});
afterAll(async () => {
  await svc?.close();
});

const found = async (client: OrderClient, query: string) => {
  const res = await client.get(`/api/v1/admin/orders?${query}`);
  expect(res.status).toBe(200);
  return res.body.orders.map((o: { _id: string }) => o._id);
};

describe('GET /api/v1/admin/orders?q=&status=&from=&to=&page=', () => {
  test('an order number in every form a person reads it out finds that order', async () => {
    const emp = svc.as('emp');
    const id = ravi._id;
    for (const q of [id, id.toUpperCase(), `#${id.slice(-8).toUpperCase()}`, id.slice(-8), `#${id.slice(-6)}`, id.slice(-6).toUpperCase(), ` #${id.slice(-6)} `]) {
      expect(await found(emp, `q=${encodeURIComponent(q)}`)).toEqual([id]);
    }
  });

  test("a buyer's email (or part; admin only), name, or phone in any spelling finds their orders", async () => {
    const admin = svc.as('admin');
    expect(await found(admin, 'q=ASHA.K%40example.in')).toEqual([asha._id]);
    expect(await found(admin, 'q=ravi_m')).toEqual([ravi._id]);
    expect(await found(admin, 'q=_')).toEqual([ravi._id]);
    const emp = svc.as('emp');
    // An emp may not read buyers' emails, so a search cannot confirm one either.
    expect(await found(emp, 'q=ASHA.K%40example.in')).toEqual([]);
    expect(await found(emp, 'q=ravi_m')).toEqual([]);
    expect(await found(emp, 'q=meera%20iyer')).toEqual([meera._id]);
    expect(await found(emp, `q=${encodeURIComponent('+91 98765-43210')}`)).toEqual([asha._id]);
    expect(await found(emp, 'q=9123456789')).toEqual([ravi._id]);
    // LIKE wildcards are taken literally.
    expect(await found(emp, 'q=%25')).toEqual([]);
    expect(await found(emp, 'q=_')).toEqual([]);
  });

  test('status and an IST date range narrow the search; pages carry totalPages and currentPage', async () => {
    const emp = svc.as('emp');
    expect(await found(emp, 'from=2025-03-02&to=2025-03-03')).toEqual([meera._id, ravi._id]);
    expect(await found(emp, 'from=2025-03-02&to=2025-03-03&status=Shipped')).toEqual([meera._id]);
    expect(await found(emp, 'to=2025-03-01')).toEqual([asha._id]);

    const page2 = await emp.get('/api/v1/admin/orders?from=2025-03-01&to=2025-03-03&limit=2&page=2');
    expect(page2.body).toMatchObject({ success: true, totalPages: 2, currentPage: 2, totalOrders: 3, totalAmount: expect.any(Number) });
    expect(page2.body.orders.map((o: { _id: string }) => o._id)).toEqual([asha._id]);
    const page1 = await emp.get('/api/v1/admin/orders?from=2025-03-01&to=2025-03-03&limit=2');
    expect(page1.body.totalAmount).toBe(page2.body.totalAmount);
    expect(page1.body.totalAmount).toBeGreaterThan(0);
  });

  test('bad input is a 400 with a message; only staff search', async () => {
    const emp = svc.as('emp');
    expect(await emp.get('/api/v1/admin/orders?from=2025-03-03&to=2025-03-01')).toEqual({
      status: 400,
      body: { success: false, message: 'The start date must not be after the end date' },
    });
    expect((await emp.get('/api/v1/admin/orders?from=03-01-2025')).status).toBe(400);
    expect((await emp.get(`/api/v1/admin/orders?q=${'x'.repeat(101)}`)).body).toEqual({ success: false, message: 'Search text must be at most 100 characters' });
    expect((await emp.get('/api/v1/admin/orders?q=a&q=b')).status).toBe(400);
    expect((await emp.get('/api/v1/admin/orders?status=lost')).status).toBe(400);
    expect((await svc.as('user').get('/api/v1/admin/orders?q=asha')).status).toBe(403);
    expect((await svc.visitor.get('/api/v1/admin/orders?q=asha')).status).toBe(401);
  });
});

describe('GET /api/v1/admin/orders/export', () => {
  test('the found orders as CSV, delivery details for dispatch; the account email only for an admin', async () => {
    const emp = await svc.as('emp').get('/api/v1/admin/orders/export?from=2025-03-02&to=2025-03-03');
    expect(emp.status).toBe(200);
    expect(emp.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(emp.headers.get('content-disposition')).toMatch(/^attachment; filename="?orders-\d{4}-\d{2}-\d{2}\.csv"?$/);
    const lines = (emp.body as string).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Order number,Order id,Placed (IST),Status,Payment,Payment status,Name,Phone,Address,City,State,PIN code,Items,Items total (INR),Discount (INR),Coupon,Coupon discount (INR),Tax (INR),Shipping (INR),Total (INR)',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`#${meera._id.slice(-6).toUpperCase()},${meera._id},2025-03-03 10:00,shipped,COD,Pending,Meera Iyer,9000011111,"12, MG Road, Indiranagar",Bengaluru`);
    expect(lines[1]).toContain('1 x Jute Bag');
    expect(lines.join('\n')).not.toContain('@example.in');

    const admin = await svc.as('admin').get('/api/v1/admin/orders/export?q=asha');
    const adminLines = (admin.body as string).trim().split('\r\n');
    expect(adminLines[0]).toContain(',Name,Email,Phone,');
    expect(adminLines[1]).toContain('Asha Kumar,asha.k@example.in,9876543210');
  });

  test('refused to shoppers; bad filters are a 400', async () => {
    expect((await svc.as('user').get('/api/v1/admin/orders/export')).status).toBe(403);
    expect((await svc.as('emp').get('/api/v1/admin/orders/export?to=2025-13-01')).status).toBe(400);
  });
});

describe('adminOrders (GraphQL)', () => {
  const Q = `query($q: String, $status: String, $from: String, $to: String, $page: Int, $limit: Int) {
    adminOrders(q: $q, status: $status, from: $from, to: $to, page: $page, limit: $limit) {
      orders { id buyerName orderStatus shippingInfo { phoneNo } } totalAmount totalPages currentPage total
    }
  }`;

  test('the same search as REST, with the delivery name for dispatch', async () => {
    const res = await svc.as('emp').graphql(Q, { q: `#${asha._id.slice(-6).toUpperCase()}` });
    expect(res.body.data.adminOrders).toMatchObject({
      orders: [{ id: asha._id, buyerName: 'Asha Kumar', orderStatus: 'processing', shippingInfo: { phoneNo: '9876543210' } }],
      totalPages: 1,
      currentPage: 1,
      total: 1,
    });
    const paged = await svc.as('admin').graphql(Q, { from: '2025-03-01', to: '2025-03-03', limit: 1, page: 3 });
    expect(paged.body.data.adminOrders).toMatchObject({ orders: [{ id: asha._id }], totalPages: 3, currentPage: 3, total: 3 });
  });

  test('shoppers are refused; bad input is BAD_USER_INPUT', async () => {
    expect((await svc.as('user').graphql(Q, { q: 'asha' })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const bad = await svc.as('emp').graphql(Q, { from: '2025-03-03', to: '2025-03-01' });
    expect(bad.body.errors?.[0]).toMatchObject({ message: 'The start date must not be after the end date', extensions: { code: 'BAD_USER_INPUT' } });
    expect((await svc.as('emp').graphql(Q, { limit: 500 })).body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
