import { sql } from 'drizzle-orm';
import { eventually } from '@shop/platform/src/testing';
import { shippingInfo, startOrderService, type OrderClient, type OrderTestService } from '../testing/order-test-service';

let svc: OrderTestService;
let admin: OrderClient;

beforeAll(async () => {
  svc = await startOrderService();
  admin = svc.as('admin');
});
afterAll(async () => {
  await svc?.close();
});

// Every test here calls from the same address; the per-address look-up limit has its own test.
beforeEach(async () => {
  for (const ip of ['127.0.0.1', '::ffff:127.0.0.1', '::1']) await svc.deps.rateLimiter.reset(`coupon-ip:${ip}`);
});

let codes = 0;
/** A fresh code for each coupon (codes are unique). */
const freshCode = (prefix = 'SAVE') => `${prefix}${Date.now().toString(36).toUpperCase().slice(-5)}${++codes}`;

/** Creates a coupon as admin; answers the coupon as REST shows it. */
async function coupon(overrides: Record<string, unknown> = {}) {
  const res = await admin.post('/api/v1/admin/coupons', { code: freshCode(), type: 'percent', value: 20, ...overrides });
  expect(res.status).toBe(201);
  return res.body.coupon;
}

const order = (buyer: OrderClient, productId: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo(), items: [{ productId, quantity: 1 }], ...extra }, headers);

const ordersOf = (userId: string) => svc.rows<{ id: string }>(sql`select id from "order".orders where user_id = ${userId}`);

async function usesOf(id: string): Promise<number> {
  const list = await admin.get('/api/v1/admin/coupons?limit=100');
  return list.body.coupons.find((c: { _id: string }) => c._id === id).uses;
}

describe('staff manage coupons', () => {
  test('admin creates, lists (with uses), edits and deletes a coupon; emp only reads; shoppers and visitors cannot', async () => {
    const code = freshCode('DIWALI');
    const created = await admin.post('/api/v1/admin/coupons', {
      code: ` ${code.toLowerCase()} `,
      type: 'amount',
      value: 150,
      minOrder: '999.50',
      validFrom: '2026-01-01',
      validTo: '2099-12-31',
      maxUses: 100,
      maxUsesPerCustomer: 1,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      success: true,
      message: 'Coupon created',
      coupon: {
        code,
        type: 'amount',
        value: 150,
        minOrder: 999.5,
        // Bare days are the shop's (Asia/Kolkata) days: from the start of the first to the end of the last.
        validFrom: '2025-12-31T18:30:00.000Z',
        validTo: '2099-12-31T18:30:00.000Z',
        maxUses: 100,
        maxUsesPerCustomer: 1,
        active: true,
        uses: 0,
      },
    });
    const id = created.body.coupon._id;

    const listed = await svc.as('emp').get('/api/v1/admin/coupons');
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ success: true, currentPage: 1, totalPages: 1 });
    expect(listed.body.coupons.find((c: { _id: string }) => c._id === id)).toMatchObject({ code, uses: 0 });

    const edited = await admin.put(`/api/v1/admin/coupon/${id}`, { code, type: 'percent', value: 15, validTo: '2099-06-30T12:00:00Z', maxUses: null, active: false });
    expect(edited.status).toBe(200);
    expect(edited.body.coupon).toMatchObject({ type: 'percent', value: 15, minOrder: 0, validFrom: '2025-12-31T18:30:00.000Z', validTo: '2099-06-30T12:00:00.000Z', maxUses: null, maxUsesPerCustomer: null, active: false });

    expect((await svc.as('emp').post('/api/v1/admin/coupons', { code: freshCode(), type: 'percent', value: 5 })).status).toBe(403);
    expect((await svc.as('emp').put(`/api/v1/admin/coupon/${id}`, { code, type: 'percent', value: 90 })).status).toBe(403);
    expect((await svc.as('emp').delete(`/api/v1/admin/coupon/${id}`)).status).toBe(403);
    expect((await svc.as('user').get('/api/v1/admin/coupons')).status).toBe(403);
    expect((await svc.visitor.get('/api/v1/admin/coupons')).status).toBe(401);

    const deleted = await admin.delete(`/api/v1/admin/coupon/${id}`);
    expect(deleted.body).toEqual({ success: true, message: 'Coupon deleted' });
    expect((await admin.delete(`/api/v1/admin/coupon/${id}`)).body).toEqual({ success: false, message: 'Coupon not found' });
    expect((await admin.put(`/api/v1/admin/coupon/${id}`, { code, type: 'percent', value: 5 })).status).toBe(404);
    expect((await admin.delete('/api/v1/admin/coupon/not-an-id')).body).toEqual({ success: false, message: 'Invalid coupon ID' });
  });

  test.each([
    [{ code: 'AB' }, 'A coupon code is 3 to 20 letters, digits, - or _'],
    [{ code: 'SAVE 10' }, 'A coupon code is 3 to 20 letters, digits, - or _'],
    [{ code: '' }, 'Please enter a coupon code'],
    [{ type: 'free' }, "Coupon type must be 'percent' or 'amount'"],
    [{ value: 0 }, 'A percent coupon takes 1 to 100 percent off (a whole number)'],
    [{ value: 101 }, 'A percent coupon takes 1 to 100 percent off (a whole number)'],
    [{ value: 12.5 }, 'A percent coupon takes 1 to 100 percent off (a whole number)'],
    [{ type: 'amount', value: 0 }, 'A fixed amount off must be more than ₹0 and at most ₹10,00,000'],
    [{ type: 'amount', value: -5 }, 'A fixed amount off must be more than ₹0 and at most ₹10,00,000'],
    [{ type: 'amount', value: 'ten' }, 'A fixed amount off must be more than ₹0 and at most ₹10,00,000'],
    [{ minOrder: -1 }, 'The minimum order must be ₹0 to ₹10,00,000'],
    [{ validFrom: '2027-02-30' }, 'validFrom must be a date (YYYY-MM-DD) or a date and time (ISO 8601)'],
    [{ validTo: 'next week' }, 'validTo must be a date (YYYY-MM-DD) or a date and time (ISO 8601)'],
    [{ validFrom: '2027-03-01', validTo: '2027-02-01' }, 'The coupon must start before it ends (validFrom before validTo)'],
    [{ validFrom: '2027-03-01T10:00:00Z', validTo: '2027-03-01T10:00:00Z' }, 'The coupon must start before it ends (validFrom before validTo)'],
    [{ validTo: '2020-01-01' }, 'The coupon must start before it ends (validFrom before validTo)'],
    [{ maxUses: 0 }, 'maxUses must be a whole number from 1 to 10,00,000, or empty for no limit'],
    [{ maxUsesPerCustomer: 1.5 }, 'maxUsesPerCustomer must be a whole number from 1 to 10,00,000, or empty for no limit'],
    [{ active: 'yes' }, 'active must be true or false'],
  ])('a coupon %j is refused with 400 "%s", and nothing is stored', async (overrides, message) => {
    const code = freshCode('BAD');
    const res = await admin.post('/api/v1/admin/coupons', { code, type: 'percent', value: 10, ...overrides });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message });
    expect(await svc.rows(sql`select 1 from "order".coupons where code = ${code}`)).toHaveLength(0);
  });

  test('a code already taken is a 409, whatever its case, on create and on edit', async () => {
    const first = await coupon();
    const again = await admin.post('/api/v1/admin/coupons', { code: first.code.toLowerCase(), type: 'amount', value: 50 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`A coupon with the code ${first.code} already exists`);
    const second = await coupon();
    const renamed = await admin.put(`/api/v1/admin/coupon/${second._id}`, { code: first.code, type: 'percent', value: 10 });
    expect(renamed.status).toBe(409);
    expect(renamed.body.message).toBe(`A coupon with the code ${first.code} already exists`);
  });
});

describe('checkout with a coupon', () => {
  test('the Apply check shows the saving; the order is priced with it (GST on the discounted amount), shows the line, mails it and counts a use', async () => {
    const p = await svc.product({ name: 'Brass Lamp', price: 1000, stock: 10 });
    const c = await coupon({ value: 20 });
    const buyer = svc.as('user', { email: 'meena@example.in', name: 'Meena' });

    const check = await buyer.post('/api/v1/coupon/check', { code: c.code.toLowerCase(), items: [{ productId: p._id, quantity: 1 }] });
    expect(check.status).toBe(200);
    // ₹1,000 (GST included): first order −₹100, then 20% of ₹900 = −₹180; + ₹5 shipping = ₹725. The 5% GST
    // inside (kitchenware): 2 × 17.14 on the ₹720 of goods + 2 × 0.12 on shipping = ₹34.52.
    expect(check.body).toEqual({
      success: true,
      message: `Coupon ${c.code} applied`,
      code: c.code,
      itemPrice: 1000,
      discountPrice: 100,
      couponCode: c.code,
      couponDiscount: 180,
      taxPrice: 34.52,
      shippingPrice: 5,
      roundOff: 0,
      totalPrice: 725,
      firstOrder: true,
    });
    // Checking holds nothing: no use is counted.
    expect(await usesOf(c._id)).toBe(0);

    const placed = await order(buyer, p._id, { couponCode: ` ${c.code.toLowerCase()}` });
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ itemPrice: 1000, discountPrice: 100, couponCode: c.code, couponDiscount: 180, taxPrice: 34.52, shippingPrice: 5, totalPrice: 725 });
    const shown = await buyer.get(`/api/v1/order/${placed.body.order._id}`);
    expect(shown.body.order).toMatchObject({ couponCode: c.code, couponDiscount: 180, totalPrice: 725 });
    expect(await usesOf(c._id)).toBe(1);

    await eventually(async () => {
      const [mail] = await svc.rows<{ body: string }>(sql`select body from "order".mail_log where recipient = 'meena@example.in'`);
      expect(mail?.body).toContain(`Coupon ${c.code}: −₹180.00`);
      expect(mail?.body).toContain('Total: ₹725.00 (inclusive of all taxes; GST included ₹34.52)');
    });
  });

  test('a fixed amount off a later order, and an order without a code has no coupon line', async () => {
    const p = await svc.product({ name: 'Tea Tin', price: 400, stock: 10 });
    const c = await coupon({ type: 'amount', value: 150, minOrder: 500 });
    const buyer = svc.as('user');
    const plain = await order(buyer, p._id);
    expect(plain.body.order).toMatchObject({ couponCode: null, couponDiscount: 0, discountPrice: 40 });

    const placed = await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo(), items: [{ productId: p._id, quantity: 2 }], couponCode: c.code });
    expect(placed.status).toBe(201);
    // ₹800, not a first order: −₹150 = ₹650 + ₹5 = ₹655 (GST included: 5% of kitchenware, ₹31.20).
    expect(placed.body.order).toMatchObject({ itemPrice: 800, discountPrice: 0, couponDiscount: 150, taxPrice: 31.2, totalPrice: 655 });
  });

  test('a return of an order that used a coupon refunds its share of what was charged after both discounts', async () => {
    const p = await svc.product({ name: 'Pashmina Stole', price: 1000, stock: 10 });
    const c = await coupon({ value: 20 });
    const buyer = svc.as('user');
    const placed = await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo(), items: [{ productId: p._id, quantity: 2 }], couponCode: c.code });
    // ₹2,000 − ₹200 (first order) − ₹360 (20% of ₹1,800) = ₹1,440 + ₹5 = ₹1,445 (GST included ₹68.82).
    expect(placed.body.order).toMatchObject({ discountPrice: 200, couponDiscount: 360, taxPrice: 68.82, totalPrice: 1445 });
    const id = placed.body.order._id;
    for (const status of ['shipped', 'delivered']) expect((await admin.put(`/api/v1/admin/order/${id}`, { status })).status).toBe(200);
    const asked = await buyer.post(`/api/v1/order/${id}/return`, { items: [{ product: p._id, quantity: 1 }], reason: 'Colour differs from the picture' });
    expect(asked.status).toBe(201);
    // One of two units: half of what the line cost after both discounts (₹1,440, GST included).
    expect(asked.body.return.refundAmount).toBe(720);
  });

  test('a return re-prices what is kept: a coupon whose minimum no longer holds comes out of the refund, shown before confirming, REST and GraphQL alike', async () => {
    const lamp = await svc.product({ name: 'Table Lamp', price: 400, stock: 10 });
    const kettle = await svc.product({ name: 'Electric Kettle', price: 600, stock: 10 });
    const c = await coupon({ type: 'amount', value: 500, minOrder: 1000 });
    const buyer = svc.as('user');
    // An earlier order, so the 10% first-order discount is not in play (the case).
    expect((await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo(), items: [{ productId: lamp._id, quantity: 1 }] })).status).toBe(201);
    const placed = await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo(), items: [{ productId: lamp._id, quantity: 1 }, { productId: kettle._id, quantity: 1 }], couponCode: c.code });
    // ₹1,000 − ₹500 + ₹5 = ₹505 (GST included).
    expect(placed.body.order).toMatchObject({ itemPrice: 1000, couponDiscount: 500, totalPrice: 505 });
    const id = placed.body.order._id;
    for (const status of ['shipped', 'delivered']) expect((await admin.put(`/api/v1/admin/order/${id}`, { status })).status).toBe(200);

    // The lamp alone (₹400) does not reach the ₹1,000 minimum: kept it costs ₹400 + ₹5, so ₹100 comes back, not ₹300.
    const items = [{ productId: kettle._id, quantity: 1 }];
    const rest = await buyer.post(`/api/v1/order/${id}/return/quote`, { items });
    expect(rest.status).toBe(200);
    expect(rest.body.quote).toEqual({ refundAmount: 100, couponLost: true, couponCode: c.code, keptPrice: 405 });
    const gql = await buyer.graphql(`query($id: ID!, $items: [ReturnItemInput!]!) { returnQuote(orderId: $id, items: $items) { refundAmount couponLost couponCode keptPrice } }`, { id, items });
    expect(gql.body.data.returnQuote).toEqual(rest.body.quote);
    // A bad quote is a 400 saying why, not a 500.
    const bad = await buyer.post(`/api/v1/order/${id}/return/quote`, { items: [] });
    expect(bad.status).toBe(400);
    expect((await buyer.post(`/api/v1/order/${id}/return/quote`, { items: [{ productId: kettle._id, quantity: 2 }] })).status).toBe(409);

    const asked = await buyer.post(`/api/v1/order/${id}/return`, { items: [{ product: kettle._id, quantity: 1 }], reason: 'Does not switch off' });
    expect(asked.status).toBe(201);
    expect(asked.body.return.refundAmount).toBe(100);
    // Returning the lamp too gives back the rest but the shipping: 505 − 100 − 5.
    const rest2 = await buyer.post(`/api/v1/order/${id}/return/quote`, { items: [{ productId: lamp._id, quantity: 1 }] });
    expect(rest2.body.quote).toMatchObject({ refundAmount: 400, keptPrice: 5 });
  });

  test('each refusal is a 4xx saying why, both when applying and when ordering; a refused order holds no stock and writes nothing', async () => {
    const p = await svc.product({ name: 'Cotton Dhurrie', price: 300, stock: 10 });
    const future = await coupon({ validFrom: '2098-01-01', validTo: '2099-01-01' });
    const expired = await coupon({ validFrom: '2020-01-01', validTo: '2020-01-31' });
    const inactive = await coupon({ active: false });
    const minimum = await coupon({ minOrder: 1000 });
    const usedUp = await coupon({ maxUses: 1 });
    const once = await coupon({ maxUsesPerCustomer: 1 });

    const someone = svc.as('user');
    expect((await order(someone, p._id, { couponCode: usedUp.code })).status).toBe(201);
    const buyer = svc.as('user');
    expect((await order(buyer, p._id, { couponCode: once.code })).status).toBe(201);
    const stockBefore = (await svc.stockOf(p._id)).stock;

    const refusals: Array<[string, number, string]> = [
      ['NOPE-404', 404, 'Coupon code NOPE-404 does not exist'],
      [future.code, 400, `Coupon ${future.code} can be used from 1 Jan 2098, 12:00 am IST`],
      [expired.code, 400, `Coupon ${expired.code} expired on 1 Feb 2020, 12:00 am IST`],
      [inactive.code, 400, `Coupon ${inactive.code} is no longer active`],
      [minimum.code, 400, `Coupon ${minimum.code} needs an order of at least ₹1,000.00 (items, before GST)`],
      [usedUp.code, 409, `Coupon ${usedUp.code} has been fully used`],
      [once.code, 409, `You have already used coupon ${once.code}`],
    ];
    for (const [code, status, message] of refusals) {
      const check = await buyer.post('/api/v1/coupon/check', { code, items: [{ productId: p._id, quantity: 1 }] });
      expect({ code, status: check.status, body: check.body }).toEqual({ code, status, body: { success: false, message } });
      await svc.deps.rateLimiter.reset(`coupon-user:${buyer.userId}`);
      const placed = await order(buyer, p._id, { couponCode: code });
      expect({ code, status: placed.status, body: placed.body }).toEqual({ code, status, body: { success: false, message } });
      await svc.deps.rateLimiter.reset(`coupon-user:${buyer.userId}`);
    }
    expect(await ordersOf(buyer.userId)).toHaveLength(1);
    // The minimum is only known after the stock is reserved: that reservation went back.
    await eventually(async () => expect((await svc.stockOf(p._id)).stock).toBe(stockBefore));
    expect(await svc.rows(sql`select 1 from "order".pending_checkouts where user_id = ${buyer.userId}`)).toHaveLength(0);
  });

  test('a malformed code is a 400 before anything is looked up; the check needs a login', async () => {
    const p = await svc.product({ name: 'Jute Mat', price: 200, stock: 5 });
    const buyer = svc.as('user');
    const bad = await order(buyer, p._id, { couponCode: 'x!' });
    expect(bad.body).toEqual({ success: false, message: 'A coupon code is 3 to 20 letters, digits, - or _' });
    expect((await buyer.post('/api/v1/coupon/check', { code: 12, items: [{ productId: p._id, quantity: 1 }] })).body.message).toBe('Please enter a coupon code');
    expect((await buyer.post('/api/v1/coupon/check', { code: 'SAVE10', items: [] })).body.message).toBe('Your order has no items');
    expect((await svc.visitor.post('/api/v1/coupon/check', { code: 'SAVE10', items: [{ productId: p._id, quantity: 1 }] })).status).toBe(401);
    // A blank code is no code.
    expect((await order(buyer, p._id, { couponCode: '  ' })).status).toBe(201);
  });

  test('a cancelled order gives its use back; a retried order with the same idempotency key counts no second use', async () => {
    const p = await svc.product({ name: 'Copper Jug', price: 500, stock: 10 });
    const c = await coupon({ maxUses: 1 });
    const first = svc.as('user');
    const key = { 'idempotency-key': 'coupon-retry-1' };
    const placed = await order(first, p._id, { couponCode: c.code }, key);
    expect(placed.status).toBe(201);
    const retried = await order(first, p._id, { couponCode: c.code }, key);
    expect(retried.status).toBe(200);
    expect(retried.body.order._id).toBe(placed.body.order._id);
    expect(await usesOf(c._id)).toBe(1);

    const other = svc.as('user');
    expect((await order(other, p._id, { couponCode: c.code })).body.message).toBe(`Coupon ${c.code} has been fully used`);
    expect((await first.post(`/api/v1/order/${placed.body.order._id}/cancel`)).status).toBe(200);
    expect(await usesOf(c._id)).toBe(0);
    const now = await order(other, p._id, { couponCode: c.code });
    expect(now.status).toBe(201);
    expect(now.body.order.couponCode).toBe(c.code);
    expect(await usesOf(c._id)).toBe(1);
  });

  test('a used coupon cannot be deleted (409: deactivate it) and maxUses cannot go below its uses; deactivated, checkout refuses it', async () => {
    const p = await svc.product({ name: 'Steel Tiffin', price: 350, stock: 10 });
    const c = await coupon();
    expect((await order(svc.as('user'), p._id, { couponCode: c.code })).status).toBe(201);
    expect((await order(svc.as('user'), p._id, { couponCode: c.code })).status).toBe(201);

    const del = await admin.delete(`/api/v1/admin/coupon/${c._id}`);
    expect(del.status).toBe(409);
    expect(del.body.message).toBe('This coupon has been used on 2 orders, so it cannot be deleted. Deactivate it instead.');
    const lower = await admin.put(`/api/v1/admin/coupon/${c._id}`, { code: c.code, type: 'percent', value: 20, maxUses: 1 });
    expect(lower.status).toBe(409);
    expect(lower.body.message).toBe('This coupon has already been used 2 times; maxUses cannot be lower');

    const off = await admin.put(`/api/v1/admin/coupon/${c._id}`, { code: c.code, type: 'percent', value: 20, active: false });
    expect(off.body.coupon).toMatchObject({ active: false, uses: 2 });
    expect((await order(svc.as('user'), p._id, { couponCode: c.code })).body.message).toBe(`Coupon ${c.code} is no longer active`);
  });
});

describe('coupon uses under concurrency', () => {
  test('a coupon with one use left and 5 shoppers ordering at once: exactly one gets it, the others a 409, and their stock goes back', async () => {
    const p = await svc.product({ name: 'Silk Scarf', price: 600, stock: 20 });
    const c = await coupon({ maxUses: 1 });
    const buyers = Array.from({ length: 5 }, () => svc.as('user'));
    const results = await Promise.all(buyers.map((b) => order(b, p._id, { couponCode: c.code })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.message).toBe(`Coupon ${c.code} has been fully used`);
    expect(await usesOf(c._id)).toBe(1);
    await eventually(async () => expect((await svc.stockOf(p._id)).stock).toBe(19));
  });

  test('one shopper placing 5 orders at once with a once-per-customer coupon gets it on exactly one', async () => {
    const p = await svc.product({ name: 'Wool Shawl', price: 900, stock: 20 });
    const c = await coupon({ maxUsesPerCustomer: 1 });
    const buyer = svc.as('user');
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => order(buyer, p._id, { couponCode: c.code }, { 'idempotency-key': `per-customer-${i}` })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expect(r.body.message).toBe(`You have already used coupon ${c.code}`);
    expect(await ordersOf(buyer.userId)).toHaveLength(1);
    expect(await usesOf(c._id)).toBe(1);
  });
});

describe('coupon look-ups are limited', () => {
  test('a shopper trying codes gets a 429 after 10 look-ups in 10 minutes; the limit is per shopper', async () => {
    const p = await svc.product({ name: 'Clay Diya', price: 50, stock: 5 });
    const guesser = svc.as('user');
    const items = [{ productId: p._id, quantity: 1 }];
    for (let i = 0; i < 10; i++) expect((await guesser.post('/api/v1/coupon/check', { code: `GUESS${i}`, items })).status).toBe(404);
    const blocked = await guesser.post('/api/v1/coupon/check', { code: 'GUESS10', items });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many coupon attempts. Please wait a few minutes and try again.');
    // Ordering with a code is a look-up too, so it cannot be used to guess either.
    expect((await order(guesser, p._id, { couponCode: 'GUESS11' })).status).toBe(429);
    expect((await svc.as('user').post('/api/v1/coupon/check', { code: 'GUESS12', items })).status).toBe(404);
  });

  test('one client address gets at most 30 look-ups in 10 minutes, whoever is logged in', async () => {
    const p = await svc.product({ name: 'Cane Basket', price: 80, stock: 5 });
    const items = [{ productId: p._id, quantity: 1 }];
    for (let i = 0; i < 30; i++) expect((await svc.as('user').post('/api/v1/coupon/check', { code: `ADDR${i}`, items })).status).toBe(404);
    expect((await svc.as('user').post('/api/v1/coupon/check', { code: 'ADDR30', items })).status).toBe(429);
  });
});
