import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { preparePaymentKeys } from '../domain/payment.service';
import { salesStats } from '../domain/sales-stats.service';
import { istDateOf } from '../domain/shop-calendar';
import { startOrderService, type OrderTestService } from '../testing/order-test-service';
import { orderResolvers } from './resolvers';

let svc: OrderTestService;

beforeAll(async () => {
  svc = await startOrderService();
});
afterAll(async () => {
  await svc?.close();
});

const PLACE = `mutation($input: PlaceOrderInput!, $key: String) {
  placeOrder(input: $input, idempotencyKey: $key) {
    success
    order { id _id orderStatus totalPrice itemPrice discountPrice canCancel estimatedDelivery user { id }
      orderItems { productId name price quantity properties { size color } product { id } }
      shippingInfo { pinCode phoneNo } paymentInfo { id status method } }
  }
}`;

const input = (productId: string, quantity = 1) => ({
  shippingInfo: { address: '4 Park Street', city: 'Kolkata', state: 'West Bengal', country: 'India', pinCode: '700016', phoneNo: '09876543210' },
  items: [{ productId, quantity }],
});

describe('the order subgraph', () => {
  test('placeOrder prices on the server, and the same idempotencyKey answers the same order', async () => {
    const p = await svc.product({ name: 'Clay Pot', price: 200, stock: 10 });
    const buyer = svc.as('user');
    const quote = await buyer.graphql(`query($items: [OrderItemInput!]!) { checkoutQuote(items: $items) { itemPrice discountPrice taxPrice shippingPrice totalPrice firstOrder } }`, {
      items: [{ productId: p._id, quantity: 3 }],
    });
    // Prices include GST: 600 − 60 = 540, + 5 = ₹545; the 5% GST inside (kitchenware) is 25.72 + 0.24 on shipping.
    expect(quote.body.data.checkoutQuote).toEqual({ itemPrice: 600, discountPrice: 60, taxPrice: 25.96, shippingPrice: 5, totalPrice: 545, firstOrder: true });

    const first = await buyer.graphql(PLACE, { input: input(p._id, 3), key: 'gql-key-1' });
    expect(first.body.errors).toBeUndefined();
    const order = first.body.data.placeOrder.order;
    expect(order).toMatchObject({
      orderStatus: 'processing',
      totalPrice: 545,
      canCancel: true,
      user: { id: buyer.userId },
      orderItems: [{ productId: p._id, name: 'Clay Pot', price: 200, quantity: 3, properties: { size: null, color: null }, product: { id: p._id } }],
      shippingInfo: { pinCode: 700016, phoneNo: '9876543210' },
      paymentInfo: { id: null, status: 'Pending', method: 'COD' },
    });
    const again = await buyer.graphql(PLACE, { input: input(p._id, 3), key: 'gql-key-1' });
    expect(again.body.data.placeOrder.order.id).toBe(order.id);
    expect((await svc.stockOf(p._id)).stock).toBe(7);

    const eligible = await buyer.graphql(`query($r: [_Any!]!) { _entities(representations: $r) { ... on User { firstOrderDiscountEligible orders { id } } } }`, {
      r: [{ __typename: 'User', id: buyer.userId }],
    });
    expect(eligible.body.data._entities[0]).toEqual({ firstOrderDiscountEligible: false, orders: [{ id: order.id }] });
  });

  test("order(id) is null for someone else's order, and User.orders is only for the user themself", async () => {
    const p = await svc.product({ stock: 5 });
    const buyer = svc.as('user');
    const placed = (await buyer.graphql(PLACE, { input: input(p._id) })).body.data.placeOrder.order;
    const query = `query($id: ID!) { order(id: $id) { id orderStatus } }`;
    expect((await buyer.graphql(query, { id: placed.id })).body.data.order).toEqual({ id: placed.id, orderStatus: 'processing' });
    expect((await svc.as('user').graphql(query, { id: placed.id })).body.data.order).toBeNull();
    expect((await svc.as('emp').graphql(query, { id: placed.id })).body.data.order.id).toBe(placed.id);
    const malformed = await buyer.graphql(query, { id: 'nope' });
    expect(malformed.body.errors?.[0]).toMatchObject({ message: 'Invalid order ID', extensions: { code: 'BAD_USER_INPUT' } });
    const stranger = await svc.as('user').graphql(`query($r: [_Any!]!) { _entities(representations: $r) { ... on User { orders { id } } } }`, {
      r: [{ __typename: 'User', id: buyer.userId }],
    });
    expect(stranger.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  test('cancelOrder, setOrderStatus and deleteOrder follow the same rules as REST', async () => {
    const p = await svc.product({ stock: 5 });
    const buyer = svc.as('user');
    const placed = (await buyer.graphql(PLACE, { input: input(p._id) })).body.data.placeOrder.order;
    const set = `mutation($id: ID!, $s: String!) { setOrderStatus(id: $id, status: $s) { success order { orderStatus shippedAt } } }`;
    expect((await buyer.graphql(set, { id: placed.id, s: 'shipped' })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const illegal = await svc.as('emp').graphql(set, { id: placed.id, s: 'delivered' });
    expect(illegal.body.errors?.[0]).toMatchObject({ message: 'Cannot change order status from processing to delivered', extensions: { code: 'BAD_USER_INPUT' } });

    const cancel = await buyer.graphql(`mutation($id: ID!) { cancelOrder(id: $id) { success order { orderStatus canCancel } } }`, { id: placed.id });
    expect(cancel.body.data.cancelOrder).toEqual({ success: true, order: { orderStatus: 'cancelled', canCancel: false } });

    const del = `mutation($id: ID!) { deleteOrder(id: $id) { success message } }`;
    expect((await svc.as('emp').graphql(del, { id: placed.id })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await svc.as('admin').graphql(del, { id: placed.id })).body.data.deleteOrder).toEqual({ success: true, message: 'Order deleted successfully' });
    expect((await svc.as('admin').graphql(del, { id: randomUUID() })).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  test('nextStatuses: staff are offered the moves of the status machine and each one can be made; the buyer only cancelling', async () => {
    const p = await svc.product({ stock: 5 });
    const buyer = svc.as('user');
    const staff = svc.as('emp');
    const placed = (await buyer.graphql(PLACE, { input: input(p._id) })).body.data.placeOrder.order;
    const read = `query($id: ID!) { order(id: $id) { orderStatus nextStatuses } }`;
    expect((await buyer.graphql(read, { id: placed.id })).body.data.order).toEqual({ orderStatus: 'processing', nextStatuses: ['cancelled'] });
    expect((await staff.graphql(read, { id: placed.id })).body.data.order).toEqual({ orderStatus: 'processing', nextStatuses: ['shipped', 'cancelled'] });

    const set = `mutation($id: ID!, $s: String!) { setOrderStatus(id: $id, status: $s) { order { orderStatus nextStatuses } } }`;
    expect((await staff.graphql(set, { id: placed.id, s: 'Shipped' })).body.data.setOrderStatus.order).toEqual({ orderStatus: 'shipped', nextStatuses: ['delivered'] });
    expect((await buyer.graphql(read, { id: placed.id })).body.data.order).toEqual({ orderStatus: 'shipped', nextStatuses: [] });
    expect((await staff.graphql(set, { id: placed.id, s: 'delivered' })).body.data.setOrderStatus.order).toEqual({ orderStatus: 'delivered', nextStatuses: [] });
    // Entering delivered ran its hook: the tax invoice exists.
    const invoice = await staff.graphql(`query($id: ID!) { order(id: $id) { invoiceNumber } }`, { id: placed.id });
    expect(invoice.body.data.order.invoiceNumber).toMatch(/^SK\//);
  });

  test('the schema types orderStatus with the enum of the shared status list', async () => {
    const res = await svc.visitor.graphql(`{ __type(name: "OrderStatus") { kind enumValues { name } } }`);
    expect(res.body.data.__type).toEqual({ kind: 'ENUM', enumValues: ['pending', 'processing', 'shipped', 'delivered', 'cancelled'].map((name) => ({ name })) });
  });

  test('ordersByDate and adminOrders are for staff', async () => {
    const q = `{ ordersByDate(date: "2025-01-05") { orders { id } totalPages currentPage total } adminOrders { totalAmount } }`;
    expect((await svc.as('user').graphql(q)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const res = await svc.as('emp').graphql(q);
    expect(res.body.data.ordersByDate).toEqual({ orders: [], totalPages: 1, currentPage: 1, total: 0 });
    expect(typeof res.body.data.adminOrders.totalAmount).toBe('number');
  });

  test("payTestPaymentOrder is the test provider's pay step: its payment id and signature pass verifyPayment", async () => {
    const created = await svc.visitor.graphql(`mutation { createPaymentOrder(amount: 50000, currency: "INR") { orderId testMode } }`);
    const { orderId, testMode } = created.body.data.createPaymentOrder;
    expect(testMode).toBe(true);

    const pay = `mutation($o: String!) { payTestPaymentOrder(orderId: $o) { success orderId paymentId signature } }`;
    const paid = await svc.visitor.graphql(pay, { o: orderId });
    expect(paid.body.data.payTestPaymentOrder).toEqual({
      success: true,
      orderId,
      paymentId: expect.stringMatching(/^pay_[A-Za-z0-9]{14}$/),
      signature: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const { paymentId, signature } = paid.body.data.payTestPaymentOrder;
    const verify = `mutation($o: String!, $p: String!, $s: String!) { verifyPayment(orderId: $o, paymentId: $p, signature: $s) { success message } }`;
    expect((await svc.visitor.graphql(verify, { o: orderId, p: paymentId, s: signature })).body.data.verifyPayment).toEqual({ success: true, message: 'Payment successful!' });

    const unknown = await svc.visitor.graphql(pay, { o: 'order_unknown' });
    expect(unknown.body.errors?.[0]).toMatchObject({ message: 'Payment order not found', extensions: { code: 'NOT_FOUND' } });
  });

  test('payTestPaymentOrder does not exist with a real provider key', async () => {
    const { orderId } = (await svc.visitor.graphql(`mutation { createPaymentOrder(amount: 50000, currency: "INR") { orderId } }`)).body.data.createPaymentOrder;
    const payments = await preparePaymentKeys(svc.deps.db, { keyId: 'rzp_live_abc', keySecret: 'a-real-secret-of-the-provider' });
    const resolvers = orderResolvers({ ...svc.deps, payments }) as unknown as { Mutation: Record<string, (...args: unknown[]) => Promise<unknown>> };
    // A caller as the subgraph sees one (the payment calls count per client address).
    const ctx = { req: { socket: { remoteAddress: '127.0.0.1' } } };
    await expect(resolvers.Mutation.payTestPaymentOrder!(undefined, { orderId }, ctx)).rejects.toMatchObject({ status: 404 });
  });

  describe('salesStats', () => {
    const STATS = `query($d: Int) { salesStats(days: $d) { todaySales totalEarnings bookedSales ordersByStatus { status orders } daily { date total orders } } }`;

    /** An order of a fresh buyer, moved to `at` (an instant of the shop's past); cancelled if asked. */
    async function orderAt(at: string, opts: { cancel?: boolean } = {}) {
      const p = await svc.product({ price: 200, stock: 5 });
      const buyer = svc.as('user');
      const order = (await buyer.graphql(PLACE, { input: input(p._id) })).body.data.placeOrder.order;
      if (opts.cancel) await buyer.graphql(`mutation($id: ID!) { cancelOrder(id: $id) { success } }`, { id: order.id });
      await svc.rows(sql`update "order".orders set created_at = ${at}::timestamptz where id = ${order.id}`);
      return order.totalPrice as number;
    }

    test('is for staff, and days must be 1 to 90', async () => {
      expect((await svc.as('user').graphql(STATS)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await svc.visitor.graphql(STATS)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      const bad = await svc.as('admin').graphql(STATS, { d: 0 });
      expect(bad.body.errors?.[0]).toMatchObject({ message: 'days must be a whole number from 1 to 90', extensions: { code: 'BAD_USER_INPUT' } });
    });

    test("today's order counts at once in today's sales, the total and the last day of 7", async () => {
      const emp = svc.as('emp');
      const before = (await emp.graphql(STATS)).body.data.salesStats;
      expect(before.daily).toHaveLength(7);
      expect(before.daily[6].date).toBe(istDateOf(new Date()));
      const p = await svc.product({ price: 350, stock: 5 });
      const total = (await svc.as('user').graphql(PLACE, { input: input(p._id) })).body.data.placeOrder.order.totalPrice;
      const after = (await emp.graphql(STATS)).body.data.salesStats;
      expect(after.todaySales).toBeCloseTo(before.todaySales + total, 2);
      // Booked at once; earned (collected) only once delivered.
      expect(after.bookedSales).toBeCloseTo(before.bookedSales + total, 2);
      expect(after.totalEarnings).toBeCloseTo(before.totalEarnings, 2);
      expect(after.daily[6]).toEqual({ date: before.daily[6].date, total: after.todaySales, orders: before.daily[6].orders + 1 });
      const count = (stats: { ordersByStatus: Array<{ status: string; orders: number }> }, status: string) => stats.ordersByStatus.find((s) => s.status === status)?.orders ?? 0;
      expect(count(after, 'processing')).toBe(count(before, 'processing') + 1);
    });

    test('Total Earnings counts collected orders only; collecting the cash moves an order from booked to collected', async () => {
      const emp = svc.as('emp');
      const p = await svc.product({ price: 420, stock: 5 });
      const order = (await svc.as('user').graphql(PLACE, { input: input(p._id) })).body.data.placeOrder.order;
      const before = (await emp.graphql(STATS)).body.data.salesStats;
      const move = `mutation($id: ID!, $s: String!) { setOrderStatus(id: $id, status: $s) { success } }`;
      await emp.graphql(move, { id: order.id, s: 'shipped' });
      expect((await emp.graphql(STATS)).body.data.salesStats.totalEarnings).toBeCloseTo(before.totalEarnings, 2);
      await emp.graphql(move, { id: order.id, s: 'delivered' });
      // Delivered is not paid: the cash is collected in its own step.
      expect((await emp.graphql(STATS)).body.data.salesStats.totalEarnings).toBeCloseTo(before.totalEarnings, 2);
      expect((await emp.graphql(`mutation($id: ID!) { collectCod(id: $id) { success } }`, { id: order.id })).body.data.collectCod.success).toBe(true);
      const after = (await emp.graphql(STATS)).body.data.salesStats;
      expect(after.totalEarnings).toBeCloseTo(before.totalEarnings + order.totalPrice, 2);
      expect(after.bookedSales).toBeCloseTo(before.bookedSales - order.totalPrice, 2);
    });

    test('buckets by Asia/Kolkata day at the midnight edges and leaves cancelled orders out', async () => {
      // "Now" is 10 March 2025, noon in India: the 7 days are 4–10 March (IST).
      const deps = { db: svc.deps.db, clock: () => new Date('2025-03-10T12:00:00+05:30') };
      const { totalEarningsPaise: earningsBefore, bookedPaise: bookedBefore } = await salesStats(deps, 7);

      const todayFirst = await orderAt('2025-03-10T00:00:00+05:30'); // 9 March 18:30 UTC: already the 10th in India
      const todayLast = await orderAt('2025-03-10T23:59:59.999+05:30');
      const yesterday = await orderAt('2025-03-09T23:59:59.999+05:30');
      const firstDay = await orderAt('2025-03-04T00:00:00+05:30');
      const beforeWindow = await orderAt('2025-03-03T23:59:59.999+05:30');
      await orderAt('2025-03-10T09:00:00+05:30', { cancel: true });
      await orderAt('2025-03-05T09:00:00+05:30', { cancel: true });

      const stats = await salesStats(deps, 7);
      const paise = (rupees: number) => Math.round(rupees * 100);
      expect(stats.todayPaise).toBe(paise(todayFirst) + paise(todayLast));
      expect(stats.daily.map((d) => d.date)).toEqual(['2025-03-04', '2025-03-05', '2025-03-06', '2025-03-07', '2025-03-08', '2025-03-09', '2025-03-10']);
      expect(stats.daily.map((d) => d.orders)).toEqual([1, 0, 0, 0, 0, 1, 2]);
      expect(stats.daily.map((d) => d.totalPaise)).toEqual([paise(firstDay), 0, 0, 0, 0, paise(yesterday), stats.todayPaise]);
      expect(stats.bookedPaise - bookedBefore).toBe([todayFirst, todayLast, yesterday, firstDay, beforeWindow].reduce((sum, r) => sum + paise(r), 0));
      // None of them was delivered: nothing was collected.
      expect(stats.totalEarningsPaise).toBe(earningsBefore);

      // One day only: today alone.
      expect((await salesStats(deps, 1)).daily).toEqual([{ date: '2025-03-10', totalPaise: stats.todayPaise, orders: 2 }]);
    });
  });
});
