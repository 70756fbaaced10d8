import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { makeEvent } from '@shop/platform';
import { eventually } from '@shop/platform/src/testing';
import { startCartService, type CartClient, type CartTestService } from '../testing/cart-test-service';
import { CART_QUEUES } from './cart-events';

let svc: CartTestService;

beforeAll(async () => {
  svc = await startCartService();
});

afterAll(async () => {
  await svc?.close();
});

const cartOf = async (client: CartClient) => (await client.get('/api/v1/loadCart')).body;

async function cartWith(client: CartClient, ...products: Array<{ _id: string }>) {
  for (const p of products) {
    const res = await client.post('/api/v1/addToCart', { productId: p._id, quantity: 1 });
    if (res.status !== 200) throw new Error(`add failed: ${JSON.stringify(res.body)}`);
  }
}

describe('OrderPlaced', () => {
  test('removes the ordered lines of the buyer only, and a redelivery changes nothing', async () => {
    const buyer = svc.client();
    const other = svc.client();
    const ordered = svc.catalog.define({ name: 'Ordered' });
    const kept = svc.catalog.define({ name: 'Kept' });
    await cartWith(buyer, ordered, kept);
    await cartWith(other, ordered);

    const event = await svc.publish('OrderPlaced', {
      orderId: randomUUID(),
      userId: buyer.userId,
      items: [{ productId: ordered._id, quantity: 1, size: null, color: null }],
    });
    await svc.processed(CART_QUEUES.orders, event.id);
    expect((await cartOf(buyer)).cartItems.map((i: { name: string }) => i.name)).toEqual(['Kept']);
    expect((await cartOf(other)).cartItems).toHaveLength(1);

    // The buyer puts the product back; the same envelope delivered again must not take it out.
    await cartWith(buyer, ordered);
    await svc.publish('OrderPlaced', event.payload as never, event);
    const marker = await svc.publish('OrderPlaced', { orderId: randomUUID(), userId: other.userId, items: [] });
    await svc.processed(CART_QUEUES.orders, marker.id);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await cartOf(buyer)).cartItems.map((i: { name: string }) => i.name)).toEqual(['Kept', 'Ordered']);
    const processed = await svc.rows(sql`select 1 from cart.processed_events where consumer = ${CART_QUEUES.orders} and event_id = ${event.id}`);
    expect(processed).toHaveLength(1);
  });

  test('a late OrderPlaced takes out the lines as they were when the order was placed: a line re-added or raised since stays', async () => {
    const buyer = svc.client();
    const ordered = svc.catalog.define({ name: 'Ordered' });
    const raised = svc.catalog.define({ name: 'Raised' });
    const readded = svc.catalog.define({ name: 'Re-added' });
    await cartWith(buyer, ordered, raised, readded);
    // The order is placed now; its event is delayed (a broker outage) while the shopper carries on.
    const items = [ordered, raised, readded].map((p) => ({ productId: p._id, quantity: 1, size: null, color: null }));
    const event = makeEvent('order', 'OrderPlaced', { orderId: randomUUID(), userId: buyer.userId, items });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await buyer.post('/api/v1/addToCart', { productId: raised._id, quantity: 3 });
    await buyer.delete(`/api/v1/removeFromCart/${readded._id}`);
    await buyer.post('/api/v1/addToCart', { productId: readded._id, quantity: 1 });

    await svc.publish('OrderPlaced', event.payload as never, event);
    await svc.processed(CART_QUEUES.orders, event.id);
    const lines = (await cartOf(buyer)).cartItems.map((i: { name: string; quantity: number }) => [i.name, i.quantity]);
    expect(lines).toEqual([['Raised', 3], ['Re-added', 1]]);
  });

  test('items that are missing or malformed are skipped without failing the event', async () => {
    const buyer = svc.client();
    const p = svc.catalog.define();
    await cartWith(buyer, p);
    const event = await svc.publish('OrderPlaced', { orderId: randomUUID(), userId: buyer.userId, items: [{ productId: 'nope' }, { quantity: 2 }] });
    await svc.processed(CART_QUEUES.orders, event.id);
    expect((await cartOf(buyer)).cartItems).toHaveLength(1);
  });
});

describe('ProductChanged and ProductDeleted keep the stored products current', () => {
  test('a new price is what loadCart shows after ProductChanged', async () => {
    const client = svc.client();
    const p = svc.catalog.define({ name: 'Desk Fan', price: 1500, oldPrice: 1500 });
    await client.post('/api/v1/addToCart', { productId: p._id, quantity: 2 });
    svc.catalog.update(p._id, { price: 1200, oldPrice: 1500, discount: 20 });
    const event = await svc.publish('ProductChanged', { productId: p._id, price: 120000, discount: 20 });
    await svc.processed(CART_QUEUES.catalog, event.id);
    const cart = await cartOf(client);
    expect(cart.cartItems[0]).toMatchObject({ price: 1200, oldPrice: 1500, discountPercent: 20, subtotal: 2400, saving: 600 });
    expect(cart.totalAmount).toBe(2400);
  });

  test('new sizes and colours come from the catalog, not the event', async () => {
    const client = svc.client();
    const p = svc.catalog.define({ size: ['M'], colors: ['Red'], stock: 4, stockDetail: { M: 4 } });
    await client.post('/api/v1/addToCart', { productId: p._id, quantity: 1, properties: { size: 'M' } });
    svc.catalog.update(p._id, { size: ['M', 'L'], colors: ['Red', 'Black'], stock: 9, stockDetail: { M: 4, L: 5 } });
    const event = await svc.publish('ProductChanged', { productId: p._id });
    await svc.processed(CART_QUEUES.catalog, event.id);
    expect((await cartOf(client)).cartItems[0]).toMatchObject({ sizeOptions: ['M', 'L'], colorOptions: ['Red', 'Black'] });
  });

  test('stock dropping below a line makes the cart show a problem', async () => {
    const client = svc.client();
    const p = svc.catalog.define({ stock: 10 });
    await client.post('/api/v1/addToCart', { productId: p._id, quantity: 5 });
    svc.catalog.update(p._id, { stock: 3 });
    const event = await svc.publish('ProductChanged', { productId: p._id, stock: 3 });
    await svc.processed(CART_QUEUES.catalog, event.id);
    const cart = await cartOf(client);
    expect(cart.cartItems[0]).toMatchObject({ available: true, stock: 3, quantity: 5 });
    expect(cart.hasProblems).toBe(true);
  });

  test('a product deleted while in a cart shows as unavailable and the cart has problems', async () => {
    const client = svc.client();
    const gone = svc.catalog.define({ name: 'Gone', price: 100, oldPrice: 100 });
    const stays = svc.catalog.define({ name: 'Stays', price: 250, oldPrice: 250 });
    await cartWith(client, gone, stays);
    svc.catalog.delete(gone._id);
    const event = await svc.publish('ProductDeleted', { productId: gone._id });
    await svc.processed(CART_QUEUES.catalog, event.id);
    const cart = await cartOf(client);
    expect(cart.cartItems.find((i: { name: string }) => i.name === 'Gone')).toMatchObject({ available: false });
    expect(cart).toMatchObject({ hasProblems: true, totalAmount: 250, totalItems: 2 });
    // The line can still be removed.
    expect((await client.delete(`/api/v1/removeFromCart/${gone._id}`)).status).toBe(200);
    expect((await cartOf(client)).hasProblems).toBe(false);
  });

  test('ProductChanged for a product the catalog no longer has marks it deleted', async () => {
    const client = svc.client();
    const p = svc.catalog.define();
    await cartWith(client, p);
    svc.catalog.delete(p._id);
    const event = await svc.publish('ProductChanged', { productId: p._id });
    await svc.processed(CART_QUEUES.catalog, event.id);
    expect((await cartOf(client)).cartItems[0].available).toBe(false);
  });

  test('while the catalog is down, ProductChanged applies the price and stock it carries', async () => {
    const client = svc.client();
    const p = svc.catalog.define({ price: 800, oldPrice: 800, stock: 10 });
    await client.post('/api/v1/addToCart', { productId: p._id, quantity: 1 });
    await svc.catalog.stop();
    try {
      const event = await svc.publish('ProductChanged', { productId: p._id, name: p.name, price: 60000, discount: 25, stock: 6, stockDetail: {} });
      await svc.processed(CART_QUEUES.catalog, event.id);
      expect((await cartOf(client)).cartItems[0]).toMatchObject({ price: 600, oldPrice: 800, discountPercent: 25, stock: 6 });
    } finally {
      await svc.catalog.start();
    }
  });

  test('changes to products nobody keeps are ignored without asking the catalog', async () => {
    const before = svc.catalog.requests;
    const event = await svc.publish('ProductChanged', { productId: randomUUID() });
    const marker = await svc.publish('ProductDeleted', { productId: randomUUID() });
    await svc.processed(CART_QUEUES.catalog, marker.id);
    expect(svc.catalog.requests).toBe(before);
    expect(await svc.rows(sql`select 1 from cart.product_snapshots where product_id = ${event.payload.productId as string}`)).toEqual([]);
  });
});

describe('UserDeleted', () => {
  test("empties the user's cart and wishlist, and no one else's", async () => {
    const leaving = svc.client();
    const staying = svc.client();
    const p = svc.catalog.define();
    const q = svc.catalog.define();
    await cartWith(leaving, p);
    await cartWith(staying, p);
    await leaving.post('/api/v1/wishlist', { productId: q._id });
    const event = await svc.publish('UserDeleted', { userId: leaving.userId, authzVersion: 1 });
    await svc.processed(CART_QUEUES.users, event.id);
    await eventually(async () => {
      expect(await svc.rows(sql`select 1 from cart.cart_lines where user_id = ${leaving.userId}`)).toEqual([]);
      expect(await svc.rows(sql`select 1 from cart.wishlist_items where user_id = ${leaving.userId}`)).toEqual([]);
    });
    expect((await cartOf(staying)).cartItems).toHaveLength(1);
  });
});
