import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { eventually } from '@shop/platform/src/testing';
import { shippingInfo, startOrderService, type OrderClient, type OrderTestService } from '../testing/order-test-service';

let svc: OrderTestService;
let productId: string;

beforeAll(async () => {
  svc = await startOrderService();
  productId = (await svc.product({ name: 'Brass Lamp', price: 1000, stock: 200 }))._id;
});
afterAll(async () => {
  await svc?.close();
});

async function place(buyer: OrderClient = svc.as('user')) {
  const res = await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo(), items: [{ productId, quantity: 1 }] });
  if (res.status !== 201) throw new Error(`order failed: ${JSON.stringify(res.body)}`);
  return res.body.order as { _id: string };
}

const put = (client: OrderClient, id: string, body: unknown) => client.put(`/api/v1/admin/order/${id}`, body);
const mailsTo = (email: string) => svc.rows<{ subject: string; body: string }>(sql`select subject, body from "order".mail_log where recipient = ${email} order by id`);

describe('shipping with a courier and a tracking number', () => {
  test('staff ship with the courier and tracking number; the buyer sees them with the tracking link, on the order and in the mail', async () => {
    const buyer = svc.as('user', { email: 'ravi@example.in', name: 'Ravi Menon' });
    const placed = await place(buyer);
    const shipped = await put(svc.as('emp'), placed._id, { status: 'shipped', courier: 'delhivery', trackingNumber: ' 1234567890123 ' });
    expect(shipped.status).toBe(200);
    const shipment = {
      courier: 'delhivery',
      courierName: 'Delhivery',
      trackingNumber: '1234567890123',
      trackingUrl: 'https://www.delhivery.com/track/package/1234567890123',
    };
    expect(shipped.body.order.shipment).toEqual(shipment);
    expect((await buyer.get(`/api/v1/order/${placed._id}`)).body.order.shipment).toEqual(shipment);
    const gql = await buyer.graphql(`query($id: ID!) { order(id: $id) { shipment { courierName trackingNumber trackingUrl } } }`, { id: placed._id });
    expect(gql.body.data.order.shipment).toEqual({ courierName: 'Delhivery', trackingNumber: '1234567890123', trackingUrl: shipment.trackingUrl });

    await eventually(async () => expect((await mailsTo('ravi@example.in')).some((m) => m.subject.endsWith('has shipped'))).toBe(true));
    const mail = (await mailsTo('ravi@example.in')).find((m) => m.subject.endsWith('has shipped'))!;
    expect(mail.body).toContain('Courier: Delhivery, tracking number 1234567890123');
    expect(mail.body).toContain(`Track the parcel: ${shipment.trackingUrl}`);
  });

  test('an order not yet shipped has no shipment; the spec’s { status } alone still ships (no tracking then)', async () => {
    const placed = await place();
    expect((await svc.as('admin').get(`/api/v1/order/${placed._id}`)).body.order.shipment).toBeNull();
    const shipped = await put(svc.as('admin'), placed._id, { status: 'shipped' });
    expect(shipped.body.order).toMatchObject({ orderStatus: 'shipped', shipment: null });
  });

  test.each([
    [{ status: 'shipped', courier: 'fedex-moon', trackingNumber: 'AB123456' }, 'Please choose one of the couriers: Delhivery, Blue Dart, DTDC, Ekart, Xpressbees, India Post, Shadowfax'],
    [{ status: 'shipped', courier: 'dtdc' }, 'Please enter the tracking number'],
    [{ status: 'shipped', trackingNumber: 'AB123456' }, 'Please choose the courier'],
    [{ status: 'shipped', courier: 'dtdc', trackingNumber: 'AB 12' }, 'The tracking number must be 6 to 30 letters, digits or dashes'],
    [{ status: 'shipped', courier: 'dtdc', trackingNumber: 12345678 }, 'The tracking number must be 6 to 30 letters, digits or dashes'],
    [{ status: 'cancelled', courier: 'dtdc', trackingNumber: 'AB123456' }, 'A courier and tracking number are given only when shipping'],
  ])('%j is a 400 with a clear message and changes nothing', async (body, message) => {
    const placed = await place();
    expect(await put(svc.as('emp'), placed._id, body)).toEqual({ status: 400, body: { success: false, message } });
    expect((await svc.as('emp').get(`/api/v1/order/${placed._id}`)).body.order.orderStatus).toBe('processing');
  });

  test('GraphQL setOrderStatus takes the courier and tracking number; bad ones are BAD_USER_INPUT; a buyer is FORBIDDEN', async () => {
    const placed = await place();
    const move = `mutation($id: ID!, $c: String, $t: String) { setOrderStatus(id: $id, status: "shipped", courier: $c, trackingNumber: $t) { order { orderStatus shipment { courierName trackingNumber } } } }`;
    expect((await svc.as('user').graphql(move, { id: placed._id, c: 'dtdc', t: 'D12345678' })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const bad = await svc.as('emp').graphql(move, { id: placed._id, c: 'dtdc', t: 'x' });
    expect(bad.body.errors?.[0]).toMatchObject({ message: 'The tracking number must be 6 to 30 letters, digits or dashes', extensions: { code: 'BAD_USER_INPUT' } });
    const ok = await svc.as('emp').graphql(move, { id: placed._id, c: 'dtdc', t: 'D12345678' });
    expect(ok.body.data.setOrderStatus.order).toEqual({ orderStatus: 'shipped', shipment: { courierName: 'DTDC', trackingNumber: 'D12345678' } });
  });
});

describe('collecting cash on delivery', () => {
  test('delivery leaves the cash pending; staff confirm it collected (Paid, once); a buyer may not', async () => {
    const placed = await place();
    const emp = svc.as('emp');
    await put(emp, placed._id, { status: 'shipped', courier: 'bluedart', trackingNumber: '81234567890' });
    const delivered = (await put(emp, placed._id, { status: 'delivered' })).body.order;
    expect(delivered).toMatchObject({ orderStatus: 'delivered', paidAt: null, paymentInfo: { status: 'Pending', method: 'COD' } });

    expect((await svc.as('user').post(`/api/v1/admin/order/${placed._id}/cod-collected`)).status).toBe(403);
    expect((await svc.visitor.post(`/api/v1/admin/order/${placed._id}/cod-collected`)).status).toBe(401);
    const collected = await emp.post(`/api/v1/admin/order/${placed._id}/cod-collected`);
    expect(collected.status).toBe(200);
    expect(collected.body).toMatchObject({ success: true, message: 'Cash on delivery collected', order: { paidAt: expect.any(String), paymentInfo: { status: 'Paid' } } });
    expect(await svc.as('admin').post(`/api/v1/admin/order/${placed._id}/cod-collected`)).toEqual({
      status: 409,
      body: { success: false, message: 'The payment of this order is already Paid' },
    });
  });

  test('an order not yet shipped has no cash to collect (409); unknown and malformed ids are 404 and 400', async () => {
    const placed = await place();
    expect(await svc.as('admin').post(`/api/v1/admin/order/${placed._id}/cod-collected`)).toEqual({
      status: 409,
      body: { success: false, message: 'Cash is collected when the parcel is handed over: ship the order first' },
    });
    expect((await svc.as('admin').post(`/api/v1/admin/order/${randomUUID()}/cod-collected`)).status).toBe(404);
    expect((await svc.as('admin').post('/api/v1/admin/order/not-an-id/cod-collected')).status).toBe(400);
  });

  test('GraphQL collectCod: staff only, the same rules', async () => {
    const placed = await place();
    await put(svc.as('admin'), placed._id, { status: 'shipped' });
    const collect = `mutation($id: ID!) { collectCod(id: $id) { success message order { paymentInfo { status } } } }`;
    expect((await svc.as('user').graphql(collect, { id: placed._id })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await svc.as('emp').graphql(collect, { id: placed._id })).body.data.collectCod).toEqual({
      success: true,
      message: 'Cash on delivery collected',
      order: { paymentInfo: { status: 'Paid' } },
    });
    expect((await svc.as('emp').graphql(collect, { id: placed._id })).body.errors?.[0]?.extensions?.code).toBe('CONFLICT');
  });
});

describe('staff-only order notes', () => {
  test('emp and admin write notes, signed and oldest first; the buyer never sees them', async () => {
    const buyer = svc.as('user');
    const placed = await place(buyer);
    const emp = svc.as('emp', { name: 'Kiran (packing)' });
    const first = await emp.post(`/api/v1/admin/order/${placed._id}/notes`, { text: '  Customer asked for gift wrap  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ success: true, message: 'Note added', note: { authorName: 'Kiran (packing)', text: 'Customer asked for gift wrap' } });
    await svc.as('admin', { name: 'Asha (admin)' }).post(`/api/v1/admin/order/${placed._id}/notes`, { text: 'Called: deliver after 6 pm' });

    const listed = await emp.get(`/api/v1/admin/order/${placed._id}/notes`);
    expect(listed.body.notes.map((n: any) => [n.authorName, n.text])).toEqual([
      ['Kiran (packing)', 'Customer asked for gift wrap'],
      ['Asha (admin)', 'Called: deliver after 6 pm'],
    ]);

    expect((await buyer.get(`/api/v1/admin/order/${placed._id}/notes`)).status).toBe(403);
    expect((await buyer.post(`/api/v1/admin/order/${placed._id}/notes`, { text: 'let me in' })).status).toBe(403);
    expect((await svc.visitor.get(`/api/v1/admin/order/${placed._id}/notes`)).status).toBe(401);
    expect(JSON.stringify((await buyer.get(`/api/v1/order/${placed._id}`)).body)).not.toContain('gift wrap');

    const query = `query($id: ID!) { order(id: $id) { staffNotes { authorName text } } }`;
    expect((await buyer.graphql(query, { id: placed._id })).body.data.order.staffNotes).toBeNull();
    expect((await emp.graphql(query, { id: placed._id })).body.data.order.staffNotes).toHaveLength(2);
  });

  test('an empty or overlong note is a 400; an unknown order a 404; GraphQL addOrderNote is staff only', async () => {
    const placed = await place();
    const emp = svc.as('emp');
    expect(await emp.post(`/api/v1/admin/order/${placed._id}/notes`, { text: '   ' })).toEqual({ status: 400, body: { success: false, message: 'Please write the note' } });
    expect(await emp.post(`/api/v1/admin/order/${placed._id}/notes`, { text: 'x'.repeat(1001) })).toEqual({
      status: 400,
      body: { success: false, message: 'A note must be at most 1000 characters long' },
    });
    expect((await emp.post(`/api/v1/admin/order/${placed._id}/notes`, ['text'])).status).toBe(400);
    expect((await emp.post(`/api/v1/admin/order/${randomUUID()}/notes`, { text: 'hello' })).status).toBe(404);
    expect((await emp.get(`/api/v1/admin/order/${randomUUID()}/notes`)).status).toBe(404);

    const add = `mutation($id: ID!, $t: String!) { addOrderNote(id: $id, text: $t) { success note { text } } }`;
    expect((await svc.as('user').graphql(add, { id: placed._id, t: 'hi there' })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await emp.graphql(add, { id: placed._id, t: '' })).body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await emp.graphql(add, { id: placed._id, t: 'Fragile' })).body.data.addOrderNote).toEqual({ success: true, note: { text: 'Fragile' } });
  });
});

describe('the payment filter of the staff order search', () => {
  test('finds orders by payment status, REST and GraphQL; an unknown one is a 400', async () => {
    const paid = await place();
    await put(svc.as('admin'), paid._id, { status: 'shipped' });
    await svc.as('admin').post(`/api/v1/admin/order/${paid._id}/cod-collected`);
    const pending = await place();

    const found = (await svc.as('emp').get('/api/v1/admin/orders?payment=paid&limit=100')).body.orders.map((o: any) => o._id);
    expect(found).toContain(paid._id);
    expect(found).not.toContain(pending._id);
    const gql = await svc.as('emp').graphql(`{ adminOrders(payment: "Pending", limit: 100) { orders { id paymentInfo { status } } } }`);
    const orders = gql.body.data.adminOrders.orders;
    expect(orders.map((o: any) => o.id)).toContain(pending._id);
    expect(orders.every((o: any) => o.paymentInfo.status === 'Pending')).toBe(true);

    expect(await svc.as('emp').get('/api/v1/admin/orders?payment=later')).toEqual({
      status: 400,
      body: { success: false, message: 'payment must be one of Pending, Paid, Refunded, Cancelled' },
    });
    expect((await svc.as('emp').graphql(`{ adminOrders(payment: "later") { total } }`)).body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
