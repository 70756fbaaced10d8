import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { eventually } from '@shop/platform/src/testing';
import { estimatedDeliveryAt } from '../domain/delivery-promise.service';
import { addWorkingDays, dispatchDayOf } from '../domain/shop-calendar';
import { shippingInfo, startOrderService, type OrderClient, type OrderTestService } from '../testing/order-test-service';

let svc: OrderTestService;

beforeAll(async () => {
  svc = await startOrderService();
});
afterAll(async () => {
  await svc?.close();
});

/** A Men's shirt with sizes S (5) and M (3), ₹799.50. */
const shirt = (overrides: Record<string, unknown> = {}) =>
  svc.product({ name: 'Linen Shirt', category: 10, subcat: 'shirts', price: 799.5, size: ['S', 'M'], stockDetail: { S: 5, M: 3 }, colors: ['Blue', 'White'], ...overrides });

const order = (client: OrderClient, items: unknown[], headers: Record<string, string> = {}) =>
  client.post('/api/v1/new/order', { shippingInfo: shippingInfo(), orderItems: items }, headers);

const orderCount = async (userId: string) =>
  (await svc.rows<{ n: number }>(sql`select count(*)::int as n from "order".orders where user_id = ${userId}`))[0].n;

describe('POST /api/v1/new/order', () => {
  test("places a cash-on-delivery order at the catalog's prices, ignoring prices in the body, with 10% off the first order", async () => {
    const bottle = await svc.product({ name: 'Steel Bottle', price: 499, stock: 10 });
    const linen = await shirt();
    const buyer = svc.as('user', { name: 'Ravi Sharma' });
    const res = await buyer.post('/api/v1/new/order', {
      shippingInfo: shippingInfo({ address: '  12, MG Road,   Indiranagar ' }),
      orderItems: [
        { product: bottle._id, name: 'Cheap', price: 1, quantity: 2 },
        { id: linen._id, quantity: 1, price: 0.01, properties: { size: 'M', color: 'White' } },
      ],
      itemPrice: 1,
      taxPrice: 0,
      shippingPrice: 0,
      totalPrice: 1,
      paymentInfo: { id: 'forged', status: 'Paid' },
    });
    expect(res.status).toBe(201);
    const placed = res.body.order;
    expect(res.body.success).toBe(true);
    expect(placed).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      orderStatus: 'processing',
      orderItems: [
        { product: bottle._id, name: 'Steel Bottle', image: bottle.thumbnail, price: 499, quantity: 2, properties: { size: null, color: null } },
        { product: linen._id, name: 'Linen Shirt', image: linen.thumbnail, price: 799.5, quantity: 1, properties: { size: 'M', color: 'White' } },
      ],
      shippingInfo: { address: '12, MG Road, Indiranagar', city: 'Bengaluru', state: 'Karnataka', country: 'India', pinCode: 560038, phoneNo: '9876543210' },
      paymentInfo: { id: null, status: 'Pending', method: 'COD' },
      // Prices include GST (decision 0045): 998 + 799.50 = 1797.50; 10% off = 179.75; + ₹5 shipping
      // = 1622.75, rounded to ₹1,623 for cash (+0.25). Both lines are 5% (kitchenware 7323, knitted
      // shirt 6109, their categories' defaults): the GST inside is 77.04 on the goods + 0.24 on shipping.
      itemPrice: 1797.5,
      discountPrice: 179.75,
      taxPrice: 77.28,
      shippingPrice: 5,
      roundOff: 0.25,
      totalPrice: 1623,
      pricesIncludeGst: true,
      paidAt: null,
      shippedAt: null,
      deliveredAt: null,
    });
    const created = new Date(placed.createdAt).getTime();
    expect(Math.abs(created - Date.now())).toBeLessThan(60_000);
    // The day promised for its PIN when placed (Bengaluru: 2 working days after dispatch, decision 0068), at 00:00 India time.
    expect(placed.estimatedDelivery).toBe(estimatedDeliveryAt(addWorkingDays(dispatchDayOf(new Date(created)), 2)).toISOString());

    expect((await svc.stockOf(bottle._id)).stock).toBe(8);
    expect(await svc.stockOf(linen._id)).toEqual({ stock: 7, stockDetail: { S: 5, M: 2 } });

    // The order and its OrderPlaced event were written together.
    const events = await svc.rows<{ payload: any }>(sql`select payload from "order".outbox where type = 'OrderPlaced' and payload->>'orderId' = ${placed._id}`);
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({
      userId: buyer.userId,
      email: buyer.email,
      name: 'Ravi Sharma',
      totalPaise: 162300,
      items: [
        { productId: bottle._id, quantity: 2, size: null, color: null },
        { productId: linen._id, quantity: 1, size: 'M', color: 'White' },
      ],
    });

    // The second order pays full price: the listed ₹499 (GST included, 5%: 23.76) + ₹5 shipping (0.24).
    const second = await order(buyer, [{ productId: bottle._id, quantity: 1 }]);
    expect(second.status).toBe(201);
    expect(second.body.order).toMatchObject({ itemPrice: 499, discountPrice: 0, taxPrice: 24, shippingPrice: 5, roundOff: 0, totalPrice: 504 });
    expect(second.body.order.orderItems[0]).toMatchObject({ hsnCode: '7323', gstRate: 5, taxableValue: 475.24, tax: 23.76 });
  });

  test('a cancelled first order leaves the next one eligible for 10% off; two first orders at once still get one discount', async () => {
    const bottle = await svc.product({ price: 500, stock: 20 });
    const buyer = svc.as('user');
    const firstOrderEligible = async () =>
      (await buyer.graphql(`query($r: [_Any!]!) { _entities(representations: $r) { ... on User { firstOrderDiscountEligible } } }`, {
        r: [{ __typename: 'User', id: buyer.userId }],
      })).body.data._entities[0].firstOrderDiscountEligible;
    const first = (await order(buyer, [{ productId: bottle._id, quantity: 1 }])).body.order;
    expect(first.discountPrice).toBe(50);
    expect(await firstOrderEligible()).toBe(false);
    expect((await buyer.post(`/api/v1/order/${first._id}/cancel`)).status).toBe(200);
    expect(await firstOrderEligible()).toBe(true);

    // Two orders at once after the cancellation: exactly one of them is the discounted first order.
    const raced = await Promise.all([1, 2].map(() => order(buyer, [{ productId: bottle._id, quantity: 1 }])));
    expect(raced.map((r) => r.status)).toEqual([201, 201]);
    expect(raced.map((r) => r.body.order.discountPrice).sort()).toEqual([0, 50]);
    expect(await firstOrderEligible()).toBe(false);

    // Cancelling a later, full-price order does not make the discount come back.
    const fullPrice = raced.find((r) => r.body.order.discountPrice === 0)!.body.order;
    expect((await buyer.post(`/api/v1/order/${fullPrice._id}/cancel`)).status).toBe(200);
    expect((await order(buyer, [{ productId: bottle._id, quantity: 1 }])).body.order.discountPrice).toBe(0);
  });

  test('an order the buyer places while their first checkout is reserving takes the first-order discount from it', async () => {
    const bottle = await svc.product({ price: 500, stock: 20 });
    const buyer = svc.as('user');
    const catalog = svc.deps.catalog;
    let other: { status: number; body: { order: { discountPrice: number } } } | undefined;
    // The first checkout started when the buyer had no order; another one is placed (and takes the
    // discount) while its stock is being reserved.
    svc.deps.catalog = {
      ...catalog,
      async reserveStock(id, items) {
        const reservation = await catalog.reserveStock(id, items);
        if (!other) {
          other = { status: 0, body: { order: { discountPrice: -1 } } };
          other = await order(buyer, [{ productId: bottle._id, quantity: 1 }]);
        }
        return reservation;
      },
    };
    let first;
    try {
      first = await order(buyer, [{ productId: bottle._id, quantity: 2 }]);
    } finally {
      svc.deps.catalog = catalog;
    }
    expect(other).toMatchObject({ status: 201, body: { order: { discountPrice: 50 } } });
    expect(first.status).toBe(201);
    // Full price: ₹1,000 of items, no discount (with ₹5 shipping).
    expect(first.body.order).toMatchObject({ itemPrice: 1000, discountPrice: 0, totalPrice: 1005 });
    expect(await orderCount(buyer.userId)).toBe(2);
    expect(await svc.rows(sql`select id from "order".pending_checkouts`)).toHaveLength(0);
    expect((await svc.stockOf(bottle._id)).stock).toBe(17);
  });

  test('the same Idempotency-Key answers the same order (200) without a second order or a second reservation', async () => {
    const bottle = await svc.product({ stock: 10 });
    const buyer = svc.as('user');
    const key = `checkout-${randomUUID()}`;
    const first = await order(buyer, [{ productId: bottle._id, quantity: 3 }], { 'Idempotency-Key': key });
    const again = await order(buyer, [{ productId: bottle._id, quantity: 3 }], { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(again).toEqual({ status: 200, body: first.body });
    expect(await orderCount(buyer.userId)).toBe(1);
    expect((await svc.stockOf(bottle._id)).stock).toBe(7);

    // Sent three times at the same moment: still one order, and only its stock is taken.
    const racer = svc.as('user');
    const raced = await Promise.all([1, 2, 3].map(() => order(racer, [{ productId: bottle._id, quantity: 1 }], { 'Idempotency-Key': key })));
    expect(raced.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(raced.map((r) => r.body.order._id)).size).toBe(1);
    expect(await orderCount(racer.userId)).toBe(1);
    await eventually(async () => expect((await svc.stockOf(bottle._id)).stock).toBe(6));

    expect((await order(buyer, [{ productId: bottle._id, quantity: 1 }], { 'Idempotency-Key': ' ' })).status).toBe(400);
  });

  test('a duplicate finds the order before reserving: the catalog holds one reservation and the stock moves once', async () => {
    const lamp = await svc.product({ stock: 10 });
    const buyer = svc.as('user');
    const key = `checkout-${randomUUID()}`;
    const reservationsOf = () =>
      svc.catalog.rows<{ id: string; released: boolean }>(
        sql`select id, released_at is not null as released from catalog.stock_reservations where lines @> ${JSON.stringify([{ productId: lamp._id }])}::jsonb`,
      );
    const first = await order(buyer, [{ productId: lamp._id, quantity: 2 }], { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(await reservationsOf()).toEqual([{ id: first.body.order._id, released: false }]);

    // Sequential and concurrent duplicates: the one order, and nothing reserved or released in the catalog.
    const again = await order(buyer, [{ productId: lamp._id, quantity: 2 }], { 'Idempotency-Key': key });
    const raced = await Promise.all([1, 2, 3].map(() => order(buyer, [{ productId: lamp._id, quantity: 2 }], { 'Idempotency-Key': key })));
    for (const res of [again, ...raced]) expect(res).toEqual({ status: 200, body: first.body });
    expect(await reservationsOf()).toEqual([{ id: first.body.order._id, released: false }]);
    expect((await svc.stockOf(lamp._id)).stock).toBe(8);
    expect(await orderCount(buyer.userId)).toBe(1);
  });

  test('concurrent first requests of one key make one order and one reservation, and the same key of another shopper is their own order', async () => {
    const lamp = await svc.product({ stock: 10 });
    const buyer = svc.as('user');
    const key = `checkout-${randomUUID()}`;
    const raced = await Promise.all([1, 2, 3, 4].map(() => order(buyer, [{ productId: lamp._id, quantity: 1 }], { 'Idempotency-Key': key })));
    expect(raced.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(raced.map((r) => r.body.order._id)).size).toBe(1);
    const reservations = await svc.catalog.rows<{ id: string }>(
      sql`select id from catalog.stock_reservations where lines @> ${JSON.stringify([{ productId: lamp._id }])}::jsonb`,
    );
    expect(reservations.map((r) => r.id)).toEqual([raced[0]!.body.order._id]);
    expect((await svc.stockOf(lamp._id)).stock).toBe(9);

    const other = await order(svc.as('user'), [{ productId: lamp._id, quantity: 1 }], { 'Idempotency-Key': key });
    expect(other.status).toBe(201);
    expect(other.body.order._id).not.toBe(raced[0]!.body.order._id);
  });

  test('a retry after a checkout that ended without an order places the order under the next id of the key', async () => {
    const lamp = await svc.product({ stock: 1 });
    const buyer = svc.as('user');
    const key = `checkout-${randomUUID()}`;
    expect((await order(buyer, [{ productId: lamp._id, quantity: 2 }], { 'Idempotency-Key': key })).status).toBe(409);
    const retried = await order(buyer, [{ productId: lamp._id, quantity: 1 }], { 'Idempotency-Key': key });
    expect(retried.status).toBe(201);
    expect((await svc.stockOf(lamp._id)).stock).toBe(0);
    expect(await orderCount(buyer.userId)).toBe(1);
  });

  test('two colours of one size are two items, each with its colour, taken from the one stock of that size (decision 0062)', async () => {
    const linen = await shirt({ name: 'Two Colour Linen' });
    const buyer = svc.as('user');
    const res = await order(buyer, [
      { id: linen._id, quantity: 1, properties: { size: 'S', color: 'Blue' } },
      { id: linen._id, quantity: 2, properties: { size: 'S', color: 'White' } },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.order.orderItems.map((i: { quantity: number; properties: { size: string; color: string } }) => [i.properties.size, i.properties.color, i.quantity])).toEqual([
      ['S', 'Blue', 1],
      ['S', 'White', 2],
    ]);
    expect(await svc.stockOf(linen._id)).toEqual({ stock: 5, stockDetail: { S: 2, M: 3 } });
  });

  test("an order over the stock is a 409 with the catalog's message, and nothing is taken", async () => {
    const linen = await shirt({ name: 'Silk Kurta' });
    const bottle = await svc.product({ stock: 4 });
    const buyer = svc.as('user');
    const res = await order(buyer, [
      { productId: bottle._id, quantity: 1 },
      { productId: linen._id, quantity: 4, size: 'M' },
    ]);
    expect(res).toEqual({ status: 409, body: { success: false, message: 'Only 3 items available in stock for Silk Kurta (size M)' } });
    expect((await svc.stockOf(bottle._id)).stock).toBe(4);
    expect(await svc.stockOf(linen._id)).toEqual({ stock: 8, stockDetail: { S: 5, M: 3 } });
    expect(await orderCount(buyer.userId)).toBe(0);
  });

  test('an unknown product is a 404 and a missing size a 400', async () => {
    const buyer = svc.as('user');
    expect(await order(buyer, [{ productId: randomUUID(), quantity: 1 }])).toEqual({ status: 404, body: { success: false, message: 'Product not found' } });
    const linen = await shirt();
    expect((await order(buyer, [{ productId: linen._id, quantity: 1 }])).status).toBe(400);
  });

  test('when the write fails after the stock was reserved, nothing is stored and the stock goes back', async () => {
    const bottle = await svc.product({ stock: 5 });
    // A trigger makes the OrderPlaced insert fail for this buyer only: the order must not stay without its event.
    await svc.rows(sql.raw(`create or replace function "order".fail_for_test() returns trigger language plpgsql as $$
      begin if new.payload->>'name' = 'Failing Buyer' then raise exception 'outbox is broken'; end if; return new; end $$`));
    await svc.rows(sql.raw(`create trigger fail_for_test before insert on "order".outbox for each row execute function "order".fail_for_test()`));
    try {
      const buyer = svc.as('user', { name: 'Failing Buyer' });
      const res = await order(buyer, [{ productId: bottle._id, quantity: 2 }]);
      expect(res.status).toBe(500);
      expect(await orderCount(buyer.userId)).toBe(0);
      expect((await svc.stockOf(bottle._id)).stock).toBe(5);
    } finally {
      await svc.rows(sql.raw(`drop trigger fail_for_test on "order".outbox`));
    }
  });

  test('with the catalog down the answer is a clear 503', async () => {
    const bottle = await svc.product({ stock: 5 });
    const closed = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const port = (s.address() as { port: number }).port;
        s.close(() => resolve(port));
      });
    });
    svc.redirectCatalog(`http://127.0.0.1:${closed}`);
    try {
      const buyer = svc.as('user');
      expect(await order(buyer, [{ productId: bottle._id, quantity: 1 }])).toEqual({
        status: 503,
        body: { success: false, message: 'Orders cannot be placed right now. Please try again in a moment.' },
      });
      expect(await orderCount(buyer.userId)).toBe(0);
      // Refused at the door, the request reserved nothing: no checkout is left pending, nothing to release.
      expect(await svc.rows(sql`select 1 from "order".pending_checkouts where user_id = ${buyer.userId}`)).toHaveLength(0);
      expect(await svc.rows(sql`select 1 from "order".outbox where type = 'OrderCancelled' and payload->>'userId' = ${buyer.userId}`)).toHaveLength(0);
    } finally {
      svc.redirectCatalog(null);
    }
    expect((await svc.stockOf(bottle._id)).stock).toBe(5);
  });

  test.each([
    [{ shippingInfo: shippingInfo({ city: '  ' }) }, 'Please enter the city'],
    [{ shippingInfo: shippingInfo({ phoneNo: '12345' }) }, 'Please enter a valid 10-digit mobile number'],
    [{ shippingInfo: shippingInfo({ phoneNo: '5876543210' }) }, 'Please enter a valid 10-digit mobile number'],
    [{ shippingInfo: shippingInfo({ pinCode: '012345' }) }, 'PIN code must be 6 digits and cannot start with 0'],
    [{ shippingInfo: undefined }, 'Please provide the shipping information'],
    [{ orderItems: [] }, 'Your order has no items'],
    [{ orderItems: Array.from({ length: 51 }, () => ({ productId: randomUUID(), quantity: 1 })) }, 'An order can hold at most 50 different items'],
    [{ orderItems: [{ productId: 'abc', quantity: 1 }] }, 'Invalid product ID'],
    [{ orderItems: [{ productId: randomUUID(), quantity: 0 }] }, 'Quantity cannot be less than 1'],
    [{ orderItems: [{ productId: randomUUID(), quantity: 1.5 }] }, 'Quantity must be a whole number'],
  ])('bad input %# is a 400 with a clear message', async (change, message) => {
    const body = { shippingInfo: shippingInfo(), orderItems: [{ productId: randomUUID(), quantity: 1 }], ...change };
    expect(await svc.as('user').post('/api/v1/new/order', body)).toEqual({ status: 400, body: { success: false, message } });
  });

  test('needs login, and malformed JSON is a 400', async () => {
    expect((await svc.visitor.post('/api/v1/new/order', { orderItems: [] })).status).toBe(401);
    expect((await svc.as('user').post('/api/v1/new/order', '{nope')).status).toBe(400);
  });
});

describe('reading orders', () => {
  test("the buyer lists their orders newest first and reads each; someone else's order is a 404, a malformed id a 400", async () => {
    const bottle = await svc.product({ stock: 10 });
    const buyer = svc.as('user');
    const first = (await order(buyer, [{ productId: bottle._id, quantity: 1 }])).body.order;
    const second = (await order(buyer, [{ productId: bottle._id, quantity: 2 }])).body.order;

    const list = await buyer.get('/api/v1/orders/user');
    expect(list.status).toBe(200);
    expect(list.body.orders.map((o: any) => o._id)).toEqual([second._id, first._id]);
    expect(await buyer.get(`/api/v1/order/${first._id}`)).toEqual({ status: 200, body: { success: true, order: first } });

    const stranger = svc.as('user');
    expect(await stranger.get(`/api/v1/order/${first._id}`)).toEqual({ status: 404, body: { success: false, message: 'Order not found' } });
    expect((await stranger.get('/api/v1/orders/user')).body.orders).toEqual([]);
    expect(await buyer.get('/api/v1/order/not-an-id')).toEqual({ status: 400, body: { success: false, message: 'Invalid order ID' } });
    expect((await svc.as('emp').get(`/api/v1/order/${first._id}`)).status).toBe(200);
    expect((await svc.visitor.get('/api/v1/orders/user')).status).toBe(401);
  });
});

describe('POST /api/v1/order/:id/cancel', () => {
  test('the buyer cancels their processing order and the stock goes back once; a second cancel is refused', async () => {
    const linen = await shirt();
    const buyer = svc.as('user');
    const placed = (await order(buyer, [{ productId: linen._id, quantity: 2, size: 'S' }])).body.order;
    expect(await svc.stockOf(linen._id)).toEqual({ stock: 6, stockDetail: { S: 3, M: 3 } });

    expect((await svc.as('user').post(`/api/v1/order/${placed._id}/cancel`)).status).toBe(404);
    const res = await buyer.post(`/api/v1/order/${placed._id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ orderStatus: 'cancelled', paymentInfo: { status: 'Cancelled' }, canCancel: false, cancelledAt: expect.any(String) });
    await eventually(async () => expect(await svc.stockOf(linen._id)).toEqual({ stock: 8, stockDetail: { S: 5, M: 3 } }));

    expect(await buyer.post(`/api/v1/order/${placed._id}/cancel`)).toEqual({
      status: 400,
      body: { success: false, message: 'A cancelled order can no longer be cancelled' },
    });
    const events = await svc.rows<{ type: string }>(sql`select type from "order".outbox where payload->>'orderId' = ${placed._id} order by occurred_at, type`);
    expect(events.map((e) => e.type).sort()).toEqual(['OrderCancelled', 'OrderPlaced', 'OrderStatusChanged']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await svc.stockOf(linen._id)).toEqual({ stock: 8, stockDetail: { S: 5, M: 3 } });
  });
});
