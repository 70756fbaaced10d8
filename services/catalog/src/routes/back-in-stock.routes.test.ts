import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { makeEvent } from '@shop/platform';
import { eventually, TestHttpClient } from '@shop/platform/src/testing';
import { notifyBackInStockIn } from '../domain/back-in-stock.service';
import { productPayload, startCatalogService, type CatalogTestService } from '../testing/catalog-test-service';

const TOKEN = 'test-internal-token-0123456789abcdef';
let svc: CatalogTestService;

beforeAll(async () => {
  svc = await startCatalogService({ internalToken: TOKEN, publicUrl: 'https://shop.example.in' });
});
afterAll(async () => {
  await svc?.close();
});

async function createProduct(overrides: Record<string, unknown> = {}) {
  const res = await svc.as('admin').post('/api/v1/admin/product/create', productPayload(overrides));
  if (res.status !== 201) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body.product as { _id: string; name: string };
}

const restock = async (id: string, stock: number) => {
  const res = await svc.as('emp').put(`/api/v1/admin/product/${id}`, { stock });
  if (res.status !== 200) throw new Error(`restock failed: ${JSON.stringify(res.body)}`);
};
const mailsTo = (email: string) => svc.rows<{ subject: string; body: string }>(sql`select subject, body from catalog.mail_log where recipient = ${email} order by id`);
/** A shopper whose token proves their address. */
const shopper = (email: string) => svc.as('user', { email, emailVerified: true, name: 'Kavya' });

/**
 * Subscribes a second shopper and waits for their mail: proof that the restock's event was handled,
 * so a mail that did not come for someone else is not merely late.
 */
async function sentinelMailed(productId: string, restockTo: number) {
  const email = `sentinel-${randomUUID().slice(0, 8)}@example.in`;
  expect((await shopper(email).post(`/api/v1/product/${productId}/notify`)).status).toBe(201);
  await restock(productId, restockTo);
  await eventually(async () => expect(await mailsTo(email)).toHaveLength(1));
}

describe('Notify me (REST)', () => {
  test('a shopper subscribes to an out-of-stock product; the staff restock mails them once; a second restock does not', async () => {
    const lamp = await createProduct({ name: 'Clay Diya Lamp', stock: 0 });
    const kavya = shopper('kavya@example.in');
    expect((await kavya.get(`/api/v1/product/${lamp._id}/notify`)).body.subscribed).toBe(false);
    const subscribed = await kavya.post(`/api/v1/product/${lamp._id}/notify`);
    expect(subscribed).toEqual({ status: 201, body: { success: true, message: 'We will email you once when it is back in stock', subscribed: true } });
    expect((await kavya.get(`/api/v1/product/${lamp._id}/notify`)).body.subscribed).toBe(true);

    await restock(lamp._id, 4);
    await eventually(async () => expect(await mailsTo('kavya@example.in')).toHaveLength(1));
    const [mail] = await mailsTo('kavya@example.in');
    expect(mail!.subject).toBe('ShopKart: Clay Diya Lamp is back in stock');
    expect(mail!.body).toContain(`https://shop.example.in/product/${lamp._id}`);
    expect((await kavya.get(`/api/v1/product/${lamp._id}/notify`)).body.subscribed).toBe(false);

    // Sold out and restocked again: no second mail, since she did not ask again.
    await restock(lamp._id, 0);
    await sentinelMailed(lamp._id, 6);
    expect(await mailsTo('kavya@example.in')).toHaveLength(1);

    // Asked again: the next return mails her again, once.
    await restock(lamp._id, 0);
    expect((await kavya.post(`/api/v1/product/${lamp._id}/notify`)).status).toBe(201);
    await restock(lamp._id, 2);
    await eventually(async () => expect(await mailsTo('kavya@example.in')).toHaveLength(2));
  });

  test('a released reservation that brings stock back from 0 mails the waiting shopper', async () => {
    const kettle = await createProduct({ name: 'Copper Kettle', stock: 1 });
    const reservationId = randomUUID();
    const internal = new TestHttpClient(`${svc.url}/internal/v1`, { token: TOKEN });
    expect((await internal.post('/stock/reservations', { reservationId, items: [{ productId: kettle._id, quantity: 1 }] })).status).toBe(201);
    const ravi = shopper('ravi.k@example.in');
    expect((await ravi.post(`/api/v1/product/${kettle._id}/notify`)).status).toBe(201);
    expect((await internal.delete(`/stock/reservations/${reservationId}`)).status).toBe(200);
    await eventually(async () => expect((await mailsTo('ravi.k@example.in')).map((m) => m.subject)).toEqual(['ShopKart: Copper Kettle is back in stock']));
  });

  test('a received return that brings stock back from 0 mails the waiting shopper', async () => {
    const saree = await createProduct({ name: 'Silk Saree', stock: 0 });
    expect((await shopper('lata@example.in').post(`/api/v1/product/${saree._id}/notify`)).status).toBe(201);
    await svc.runtime.bus.publish(makeEvent('order', 'ReturnReceived', { returnId: randomUUID(), orderId: randomUUID(), items: [{ productId: saree._id, size: null, quantity: 1 }] }));
    await eventually(async () => expect((await mailsTo('lata@example.in')).map((m) => m.subject)).toEqual(['ShopKart: Silk Saree is back in stock']));
  });

  test('the same ProductChanged delivered twice mails nobody twice', async () => {
    const pot = await createProduct({ name: 'Clay Pot', stock: 0 });
    expect((await shopper('uma@example.in').post(`/api/v1/product/${pot._id}/notify`)).status).toBe(201);
    // The stock comes back by hand (no event of its own); the event is then delivered twice.
    await svc.rows(sql`update catalog.products set stock = 2 where id = ${pot._id}::uuid`);
    const event = makeEvent('catalog', 'ProductChanged', { productId: pot._id, name: 'Clay Pot', stock: 2 });
    await svc.runtime.bus.publish(event);
    await svc.runtime.bus.publish(event);
    await eventually(async () => expect(await mailsTo('uma@example.in')).toHaveLength(1));
    // A later restock's event is handled (a new subscriber is mailed), and still nothing more for her.
    await restock(pot._id, 0);
    await sentinelMailed(pot._id, 3);
    expect(await mailsTo('uma@example.in')).toHaveLength(1);
  });

  test('the consumer’s work done twice records each mail once', async () => {
    const bowl = await createProduct({ name: 'Brass Bowl', stock: 0 });
    expect((await shopper('nila@example.in').post(`/api/v1/product/${bowl._id}/notify`)).status).toBe(201);
    // The stock comes back without an event being handled yet: the consumer's work, done twice by hand.
    await svc.rows(sql`update catalog.products set stock = 3 where id = ${bowl._id}::uuid`);
    const first = await svc.deps.db.transaction((tx) => notifyBackInStockIn(tx, svc.deps, bowl._id));
    const again = await svc.deps.db.transaction((tx) => notifyBackInStockIn(tx, svc.deps, bowl._id));
    expect([first, again]).toEqual([1, 0]);
    expect(await mailsTo('nila@example.in')).toHaveLength(1);
  });

  test('an unverified address, a product in stock, a guest and a bad id are refused with a clear 4xx', async () => {
    const sold = await createProduct({ stock: 0 });
    const inStock = await createProduct({ stock: 5 });
    expect(await svc.as('user', { emailVerified: false }).post(`/api/v1/product/${sold._id}/notify`)).toEqual({
      status: 403,
      body: { success: false, message: 'Please verify your email address first: we only write to an address you have confirmed' },
    });
    expect(await shopper('x1@example.in').post(`/api/v1/product/${inStock._id}/notify`)).toEqual({
      status: 409,
      body: { success: false, message: 'This product is in stock: you can order it now' },
    });
    expect((await svc.visitor.post(`/api/v1/product/${sold._id}/notify`)).status).toBe(401);
    expect((await shopper('x1@example.in').post('/api/v1/product/not-a-product/notify')).status).toBe(400);
    expect((await shopper('x1@example.in').post(`/api/v1/product/${randomUUID()}/notify`)).status).toBe(404);
  });

  test('a cancelled subscription gets no mail', async () => {
    const jar = await createProduct({ name: 'Pickle Jar', stock: 0 });
    const asha = shopper('asha.p@example.in');
    await asha.post(`/api/v1/product/${jar._id}/notify`);
    expect((await asha.delete(`/api/v1/product/${jar._id}/notify`)).body).toEqual({ success: true, message: 'You will not be notified about this product', subscribed: false });
    await sentinelMailed(jar._id, 5);
    expect(await mailsTo('asha.p@example.in')).toEqual([]);
  });
});

describe('a deleted account', () => {
  test('its subscriptions and the address kept with them go (UserDeleted)', async () => {
    const vase = await createProduct({ stock: 0 });
    const gone = shopper('gone@example.in');
    expect((await gone.post(`/api/v1/product/${vase._id}/notify`)).status).toBe(201);
    await svc.runtime.bus.publish(makeEvent('auth', 'UserDeleted', { userId: gone.userId!, authzVersion: 1 }));
    await eventually(async () => expect(await svc.rows(sql`select email from catalog.stock_subscriptions where user_id = ${gone.userId}::uuid`)).toEqual([]));
  });
});

describe('Notify me (GraphQL)', () => {
  test('subscribe, see, cancel; an unverified address is FORBIDDEN and a guest UNAUTHENTICATED', async () => {
    const mat = await createProduct({ stock: 0 });
    const dev = shopper('dev@example.in');
    const seen = `query($id: ID!) { stockNoticeSubscribed(productId: $id) }`;
    const sub = `mutation($id: ID!) { subscribeStockNotice(productId: $id) { success subscribed } }`;
    const cancel = `mutation($id: ID!) { cancelStockNotice(productId: $id) { subscribed } }`;
    expect((await dev.graphql(sub, { id: mat._id })).body.data.subscribeStockNotice).toEqual({ success: true, subscribed: true });
    expect((await dev.graphql(seen, { id: mat._id })).body.data.stockNoticeSubscribed).toBe(true);
    expect((await dev.graphql(cancel, { id: mat._id })).body.data.cancelStockNotice).toEqual({ subscribed: false });
    expect((await dev.graphql(seen, { id: mat._id })).body.data.stockNoticeSubscribed).toBe(false);
    expect((await svc.as('user').graphql(sub, { id: mat._id })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await svc.visitor.graphql(sub, { id: mat._id })).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
