import { sql } from 'drizzle-orm';
import { eventually } from '@shop/platform/src/testing';
import { shippingInfo, startOrderService, type OrderTestService } from '../testing/order-test-service';

let svc: OrderTestService;

beforeAll(async () => {
  svc = await startOrderService();
});
afterAll(async () => {
  await svc?.close();
});

const mailsTo = (email: string) =>
  svc.rows<{ subject: string; body: string }>(sql`select subject, body from "order".mail_log where recipient = ${email} order by id`);

describe('order mails', () => {
  test('the buyer gets a ShopKart confirmation with the order number, the items and the total in INR', async () => {
    const lamp = await svc.product({ name: 'Brass Diya Lamp', price: 1249.5, stock: 20 });
    const buyer = svc.as('user', { name: 'Meera Iyer', email: 'meera@example.in' });
    const placed = (await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo(), items: [{ productId: lamp._id, quantity: 2 }] })).body.order;
    const number = `#${placed._id.slice(-6).toUpperCase()}`;
    await eventually(async () => expect(await mailsTo('meera@example.in')).toHaveLength(1));
    const [mail] = await mailsTo('meera@example.in');
    expect(mail.subject).toBe(`ShopKart: your order ${number} is confirmed`);
    expect(mail.body).toContain('Hello Meera Iyer,');
    expect(mail.body).toContain('Brass Diya Lamp × 2 — ₹2,499.00');
    // Prices include GST: 2499 − 249.90 = 2249.10 + 5 = 2254.10, rounded to ₹2,254 for cash.
    expect(mail.body).toContain('Round off: -₹0.10');
    expect(mail.body).toContain('Total: ₹2,254.00 (inclusive of all taxes; GST included');
    expect(mail.body).toContain('First-order discount (10%): −₹249.90');
    expect(mail.body).toContain(`Track your order: https://shop.example.in/orders/${placed._id}`);

    await svc.as('emp').put(`/api/v1/admin/order/${placed._id}`, { status: 'shipped' });
    await eventually(async () => expect(await mailsTo('meera@example.in')).toHaveLength(2));
    expect((await mailsTo('meera@example.in'))[1].subject).toBe(`ShopKart: your order ${number} has shipped`);
    expect((await mailsTo('meera@example.in'))[1].body).toContain(`Your order: https://shop.example.in/orders/${placed._id}`);
  });

  test('the confirmation is recorded with the order: an OrderPlaced delivered again sends no second mail', async () => {
    const lamp = await svc.product({ stock: 20 });
    const buyer = svc.as('user', { email: 'twice@example.in' });
    const placed = (await buyer.post('/api/v1/new/order', { shippingInfo: shippingInfo(), items: [{ productId: lamp._id, quantity: 1 }] })).body.order;
    // Recorded by the checkout's own transaction: there when the answer is.
    expect(await mailsTo('twice@example.in')).toHaveLength(1);
    const [row] = await svc.rows<any>(sql`select id, type, version, payload, occurred_at from "order".outbox where type = 'OrderPlaced' and payload->>'orderId' = ${placed._id}`);
    expect(row.payload.confirmationRecorded).toBe(true);
    const envelope = { id: row.id, type: row.type, version: row.version, occurredAt: new Date(row.occurred_at).toISOString(), source: 'order', payload: row.payload };
    await svc.runtime.bus.publish(envelope);
    await svc.runtime.bus.publish(envelope);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo('twice@example.in')).toHaveLength(1);
  });

  test('an unverified buyer gets no order mail (placed, shipped, cancelled); once verified, the next order is mailed; older orders as before', async () => {
    const lamp = await svc.product({ stock: 20 });
    const userId = '6f1d3c2a-0b9e-4c5d-8e7f-a1b2c3d4e5f6';
    const email = 'stranger@example.in';
    const unverified = svc.as('user', { userId, email, name: 'Your account is LOCKED call 1800', emailVerified: false });
    const first = (await unverified.post('/api/v1/new/order', { shippingInfo: shippingInfo(), items: [{ productId: lamp._id, quantity: 1 }] })).body.order;
    const second = (await unverified.post('/api/v1/new/order', { shippingInfo: shippingInfo(), items: [{ productId: lamp._id, quantity: 1 }] })).body.order;
    // No confirmation with the order, and the order records why.
    expect(await mailsTo(email)).toHaveLength(0);
    expect((await svc.rows<{ v: boolean }>(sql`select buyer_email_verified as v from "order".orders where id = ${first._id}`))[0]!.v).toBe(false);
    expect((await svc.as('emp').put(`/api/v1/admin/order/${first._id}`, { status: 'shipped' })).status).toBe(200);
    expect((await unverified.post(`/api/v1/order/${second._id}/cancel`, {})).status).toBe(200);

    // The same account after verifying: its new token says so, and the next order's mails arrive.
    const verified = svc.as('user', { userId, email, name: 'Asha Kumar', emailVerified: true });
    const third = (await verified.post('/api/v1/new/order', { shippingInfo: shippingInfo(), items: [{ productId: lamp._id, quantity: 1 }] })).body.order;
    expect((await svc.as('emp').put(`/api/v1/admin/order/${third._id}`, { status: 'shipped' })).status).toBe(200);
    await eventually(async () => expect((await mailsTo(email)).map((m) => m.subject)).toEqual([
      `ShopKart: your order #${third._id.slice(-6).toUpperCase()} is confirmed`,
      `ShopKart: your order #${third._id.slice(-6).toUpperCase()} has shipped`,
    ]));
    // The first order's status mails never come (its events were handled before the third's: one queue).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await mailsTo(email)).every((m) => m.subject.includes(third._id.slice(-6).toUpperCase()))).toBe(true);
    expect((await mailsTo(email)).some((m) => m.body.includes('LOCKED'))).toBe(false);

    // An order from before the rule (no recorded state) is mailed as before.
    const older = (await svc.as('user', { email: 'older@example.in', emailVerified: false }).post('/api/v1/new/order', { shippingInfo: shippingInfo(), items: [{ productId: lamp._id, quantity: 1 }] })).body.order;
    await svc.rows(sql`update "order".orders set buyer_email_verified = null where id = ${older._id}`);
    expect((await svc.as('emp').put(`/api/v1/admin/order/${older._id}`, { status: 'shipped' })).status).toBe(200);
    await eventually(async () => expect((await mailsTo('older@example.in')).map((m) => m.subject)).toEqual([`ShopKart: your order #${older._id.slice(-6).toUpperCase()} has shipped`]));
  });
});
