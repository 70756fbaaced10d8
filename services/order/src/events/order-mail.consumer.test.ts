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
    const number = `#${placed._id.slice(-8).toUpperCase()}`;
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
});
