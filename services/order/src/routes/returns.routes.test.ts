import { sql } from 'drizzle-orm';
import { eventually } from '@shop/platform/src/testing';
import { shippingInfo, startOrderService, type OrderClient, type OrderTestService } from '../testing/order-test-service';

let svc: OrderTestService;

beforeAll(async () => {
  svc = await startOrderService();
});
afterAll(async () => {
  await svc?.close();
});

/** A Men's shirt with sizes S and M (5 each), ₹1,000. */
const shirt = () => svc.product({ name: 'Linen Shirt', category: 10, subcat: 'shirts', price: 1000, size: ['S', 'M'], stockDetail: { S: 5, M: 5 }, colors: ['Blue'] });

/** Places an order and moves it to delivered as staff would; answers the order as the buyer sees it. */
async function deliveredOrder(buyer: OrderClient, items: unknown[]) {
  const placed = await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo(), items });
  expect(placed.status).toBe(201);
  const id = placed.body.order._id;
  const staff = svc.as('emp');
  for (const status of ['shipped', 'delivered']) expect((await staff.put(`/api/v1/admin/order/${id}`, { status })).status).toBe(200);
  expect((await staff.post(`/api/v1/admin/order/${id}/cod-collected`)).status).toBe(200); // the cash in hand: a COD refund comes out of it
  return (await buyer.get(`/api/v1/order/${id}`)).body.order;
}

const mailsTo = (email: string) =>
  svc.rows<{ subject: string; body: string }>(sql`select subject, body from "order".mail_log where recipient = ${email} order by id`);

describe('returns within 30 days', () => {
  test('a photo stored before only the shop’s own images were accepted (an outside URL) is shown to nobody', async () => {
    const linen = await shirt();
    const buyer = svc.as('user', { name: 'Old Photo', email: 'old.photo@example.in' });
    const order = await deliveredOrder(buyer, [{ productId: linen._id, quantity: 1, size: 'S' }]);
    const asked = await buyer.post(`/api/v1/order/${order._id}/return`, { items: [{ product: linen._id, quantity: 1, size: 'S' }], reason: 'Colour is not as shown' });
    await svc.rows(sql`update "order".returns set photo = 'https://attacker.example/track.png' where id = ${asked.body.return._id}`);
    const queue = await svc.as('admin').get('/api/v1/admin/returns');
    expect(queue.body.returns.find((r: { _id: string }) => r._id === asked.body.return._id).photo).toBeNull();
    expect((await buyer.get('/api/v1/returns/user')).body.returns[0].photo).toBeNull();
  });

  test('a shopper returns part of a delivered order; staff approve, receive (stock goes back once) and refund it; each step is on the timeline and mailed', async () => {
    const linen = await shirt();
    const bottle = await svc.product({ name: 'Steel Bottle', price: 500, stock: 10 });
    const buyer = svc.as('user', { name: 'Kavya Rao', email: 'kavya@example.in' });
    const order = await deliveredOrder(buyer, [
      { productId: linen._id, quantity: 2, size: 'M' },
      { productId: bottle._id, quantity: 1 },
    ]);
    expect(await svc.stockOf(linen._id)).toEqual({ stock: 8, stockDetail: { S: 5, M: 3 } });

    const asked = await buyer.post(`/api/v1/order/${order._id}/return`, {
      items: [{ product: linen._id, quantity: 1, size: 'm' }],
      reason: 'Too tight around the shoulders',
      photo: '/media/0123456789abcdef0123456789abcdef/detail.webp',
    });
    expect(asked.status).toBe(201);
    const ret = asked.body.return;
    // Prices include GST: items 2000 + 500 = 2500, first-order 10% off spread by value: the shirts' line
    // cost 1800, so one shirt refunds 900.
    expect(ret).toMatchObject({
      orderId: order._id,
      status: 'requested',
      reason: 'Too tight around the shoulders',
      photo: '/media/0123456789abcdef0123456789abcdef/detail.webp',
      items: [{ product: linen._id, name: 'Linen Shirt', quantity: 1, price: 1000, properties: { size: 'M', color: 'Blue' } }],
      refundAmount: 900,
      timeline: [{ status: 'requested', note: null }],
      nextStatuses: ['approved', 'rejected'],
    });
    const listed = await buyer.get('/api/v1/returns/user');
    expect(listed.body.returns.map((r: { _id: string }) => r._id)).toEqual([ret._id]);
    expect(listed.body.returns[0].customer).toEqual({ name: 'Kavya Rao', email: 'kavya@example.in' });
    // An emp handles the return from the order's own details: the buyer's email is not theirs to read.
    const empQueue = await svc.as('emp').get('/api/v1/admin/returns?status=requested');
    expect(empQueue.body.returns.find((r: { _id: string }) => r._id === ret._id).customer).toEqual({ name: 'Kavya Rao', email: null });

    const staff = svc.as('admin');
    const queue = await staff.get('/api/v1/admin/returns?status=requested');
    expect(queue.status).toBe(200);
    expect(queue.body.returns.map((r: { _id: string }) => r._id)).toContain(ret._id);

    const approved = await staff.put(`/api/v1/admin/return/${ret._id}`, { status: 'approved', note: 'Pickup on Monday' });
    expect(approved.status).toBe(200);
    expect(approved.body.return.timeline).toMatchObject([{ status: 'requested' }, { status: 'approved', note: 'Pickup on Monday' }]);

    const received = await staff.put(`/api/v1/admin/return/${ret._id}`, { status: 'received' });
    expect(received.body.return).toMatchObject({ status: 'received', receivedAt: expect.any(String), nextStatuses: ['refunded'] });
    await eventually(async () => expect(await svc.stockOf(linen._id)).toEqual({ stock: 9, stockDetail: { S: 5, M: 4 } }));

    // Received twice is refused by the machine, and a redelivered ReturnReceived restocks nothing.
    const again = await staff.put(`/api/v1/admin/return/${ret._id}`, { status: 'received' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('A received return cannot become received');
    const [row] = await svc.rows<any>(sql`select id, type, version, payload, occurred_at from "order".outbox where type = 'ReturnReceived' and payload->>'returnId' = ${ret._id}`);
    const replay = { id: row.id, type: row.type, version: row.version, occurredAt: new Date(row.occurred_at).toISOString(), source: 'order', payload: row.payload };
    await svc.runtime.bus.publish(replay);
    await svc.runtime.bus.publish({ ...replay, id: '6d1e0f5a-59a4-4d43-a7a4-0c1b4a3c7f10' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await svc.stockOf(linen._id)).toEqual({ stock: 9, stockDetail: { S: 5, M: 4 } });

    const noReference = await staff.put(`/api/v1/admin/return/${ret._id}`, { status: 'refunded', refundMethod: 'UPI' });
    expect(noReference.status).toBe(400);
    expect(noReference.body.message).toBe('Please give the refund method and reference (e.g. the UPI transaction ID)');
    const refunded = await staff.put(`/api/v1/admin/return/${ret._id}`, { status: 'refunded', refundMethod: 'upi', refundReference: 'UPI-4471-2209' });
    expect(refunded.body.return).toMatchObject({ status: 'refunded', refundMethod: 'UPI', refundReference: 'UPI-4471-2209', nextStatuses: [] });
    expect(refunded.body.return.timeline.map((s: { status: string }) => s.status)).toEqual(['requested', 'approved', 'received', 'refunded']);

    await eventually(async () => expect(await mailsTo('kavya@example.in')).toHaveLength(7));
    // Each step's event is consumed on its own, so two steps taken close together may be mailed in
    // either order: the test asks that each is mailed once, with its own text.
    const mails = await mailsTo('kavya@example.in');
    const n = `#${order._id.slice(-6).toUpperCase()}`;
    const mailAbout = (subject: string) => mails.filter((m) => m.subject === `ShopKart: ${subject}`);
    expect(mailAbout(`we received your return request for order ${n}`)).toHaveLength(1);
    expect(mailAbout(`your return for order ${n} is approved`)).toHaveLength(1);
    expect(mailAbout(`we received your returned items of order ${n}`)).toHaveLength(1);
    expect(mailAbout(`your refund for order ${n} was paid`)).toHaveLength(1);
    expect(mailAbout(`your order ${n} was delivered`)[0]?.body).toContain('Your GST tax invoice is ready to download on the order page, and you can return items free of charge until');
    expect(mailAbout(`your return for order ${n} is approved`)[0].body).toContain('Note from our team: Pickup on Monday');
    expect(mailAbout(`your refund for order ${n} was paid`)[0].body).toContain('by UPI (reference UPI-4471-2209)');
  });

  test('a rejected return frees its quantity; more than was bought, across requests, is refused', async () => {
    const bottle = await svc.product({ name: 'Copper Bottle', price: 300, stock: 10 });
    const buyer = svc.as('user');
    const order = await deliveredOrder(buyer, [{ productId: bottle._id, quantity: 2 }]);
    const ask = (quantity: number) => buyer.post(`/api/v1/order/${order._id}/return`, { items: [{ product: bottle._id, quantity }], reason: 'Leaks at the lid' });

    const tooMany = await ask(3);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe('You can return at most 2 more of Copper Bottle');

    const first = await ask(2);
    expect(first.status).toBe(201);
    const none = await ask(1);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('Copper Bottle has already been returned in full');

    const rejected = await svc.as('emp').put(`/api/v1/admin/return/${first.body.return._id}`, { status: 'rejected', note: 'Photo shows use beyond a trial' });
    expect(rejected.body.return.status).toBe('rejected');
    // Rejected is final, and its quantity counts no more.
    expect((await svc.as('emp').put(`/api/v1/admin/return/${first.body.return._id}`, { status: 'approved' })).status).toBe(400);
    expect((await ask(1)).status).toBe(201);
  });

  test('two requests at the same moment cannot together return more than was bought', async () => {
    const bottle = await svc.product({ name: 'Glass Jar', price: 200, stock: 20 });
    const buyer = svc.as('user');
    const order = await deliveredOrder(buyer, [{ productId: bottle._id, quantity: 3 }]);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => buyer.post(`/api/v1/order/${order._id}/return`, { items: [{ product: bottle._id, quantity: 2 }], reason: 'Cracked in transit' })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    const [{ n }] = await svc.rows<{ n: number }>(
      sql`select coalesce(sum(i.quantity), 0)::int as n from "order".return_items i join "order".returns r on r.id = i.return_id where r.order_id = ${order._id}`,
    );
    expect(n).toBe(2);
  });

  test('refusals: not delivered, outside the window, someone else’s order, not in the order, bad input; staff only for the queue', async () => {
    const linen = await shirt();
    const buyer = svc.as('user');
    const placed = (await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo(), items: [{ productId: linen._id, quantity: 1, size: 'S' }] })).body.order;
    const body = { items: [{ product: linen._id, quantity: 1, size: 'S' }], reason: 'Wrong colour shade' };

    const early = await buyer.post(`/api/v1/order/${placed._id}/return`, body);
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('Only a delivered order can be returned');

    const order = await deliveredOrder(buyer, [{ productId: linen._id, quantity: 1, size: 'S' }]);
    const other = await svc.as('user').post(`/api/v1/order/${order._id}/return`, body);
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Order not found');
    expect((await svc.visitor.post(`/api/v1/order/${order._id}/return`, body)).status).toBe(401);

    const wrongSize = await buyer.post(`/api/v1/order/${order._id}/return`, { ...body, items: [{ product: linen._id, quantity: 1, size: 'M' }] });
    expect(wrongSize.status).toBe(400);
    expect(wrongSize.body.message).toBe('Linen Shirt in size M is not part of this order');
    const stranger = await buyer.post(`/api/v1/order/${order._id}/return`, { ...body, items: [{ product: '5b0f3c1e-7d7a-4d55-9d1e-0a0b0c0d0e0f', quantity: 1 }] });
    expect(stranger.body.message).toBe('This product is not part of this order');

    const cases: Array<[unknown, string]> = [
      [{ items: [], reason: 'Broken' }, 'Please choose at least one item to return'],
      [{ items: [{ product: linen._id, quantity: 1 }] }, 'Please tell us why you are returning it'],
      [{ items: [{ product: linen._id, quantity: 1 }], reason: 'no' }, 'Please describe the reason in at least 5 characters'],
      [{ items: [{ product: linen._id, quantity: 0 }], reason: 'Broken lid' }, 'Quantity cannot be less than 1'],
      [{ items: [{ product: linen._id, quantity: 1 }], reason: 'Broken lid', photo: 'javascript:alert(1)' }, 'The photo must be an image uploaded to the shop'],
      [{ items: [{ product: linen._id, quantity: 1 }], reason: 'Broken lid', photo: 'https://attacker.example/track.png?who=staff' }, 'The photo must be an image uploaded to the shop'],
      [{ items: [{ product: linen._id, quantity: 1 }], reason: 'Broken lid', photo: 'http://attacker.example/a.webp' }, 'The photo must be an image uploaded to the shop'],
      [{ items: [{ product: linen._id, quantity: 1 }], reason: 'Broken lid', photo: '/media/../api/v1/admin/users' }, 'The photo must be an image uploaded to the shop'],
      [{ items: [{ product: linen._id, quantity: 1 }], reason: 'Broken lid', photo: '/media/abc/return-photo.webp' }, 'The photo must be an image uploaded to the shop'],
    ];
    for (const [bad, message] of cases) {
      const res = await buyer.post(`/api/v1/order/${order._id}/return`, bad);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    }

    await svc.rows(sql`update "order".orders set delivered_at = now() - interval '31 days' where id = ${order._id}`);
    const late = await buyer.post(`/api/v1/order/${order._id}/return`, body);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('The 30-day return window for this order has closed');

    expect((await buyer.get('/api/v1/admin/returns')).status).toBe(403);
    expect((await buyer.put('/api/v1/admin/return/5b0f3c1e-7d7a-4d55-9d1e-0a0b0c0d0e0f', { status: 'approved' })).status).toBe(403);
    const unknown = await svc.as('emp').put('/api/v1/admin/return/5b0f3c1e-7d7a-4d55-9d1e-0a0b0c0d0e0f', { status: 'approved' });
    expect({ status: unknown.status, message: unknown.body.message }).toEqual({ status: 404, message: 'Return not found' });
    const badStatus = await svc.as('emp').put('/api/v1/admin/return/5b0f3c1e-7d7a-4d55-9d1e-0a0b0c0d0e0f', { status: 'lost' });
    expect({ status: badStatus.status, message: badStatus.body.message }).toEqual({ status: 400, message: 'Unknown return status: lost' });
    expect((await svc.as('emp').get('/api/v1/admin/returns?status=lost')).status).toBe(400);
  });
});
