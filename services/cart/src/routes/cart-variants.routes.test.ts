import { randomUUID } from 'node:crypto';
import { CART_QUEUES } from '../events/cart-events';
import { startCartService, type CartClient, type CartTestService } from '../testing/cart-test-service';

let svc: CartTestService;

beforeAll(async () => {
  svc = await startCartService();
});

afterAll(async () => {
  await svc?.close();
});

// Sizes carry their own stock; the colours of a size share it.
const tee = () =>
  svc.catalog.define({ name: 'Polo Tee', size: ['M', 'L'], colors: ['Olive', 'Navy Blue'], stock: 8, stockDetail: { M: 3, L: 5 } });

interface Line {
  lineId: string;
  id: string;
  quantity: number;
  properties: { size: string | null; color: string | null };
}
const linesOf = async (client: CartClient): Promise<Line[]> => (await client.get('/api/v1/loadCart')).body.cartItems;
const variants = (lines: Line[]) => lines.map((l) => [l.properties.size, l.properties.color, l.quantity]);

async function twoColours(client: CartClient, productId: string): Promise<Line[]> {
  await client.post('/api/v1/addToCart', { productId, quantity: 1, properties: { size: 'L', color: 'Olive' } });
  await client.post('/api/v1/addToCart', { productId, quantity: 2, properties: { size: 'L', color: 'Navy Blue' } });
  return linesOf(client);
}

describe('one line per product, size and colour', () => {
  test('a second colour of a product in the cart is a new line; the first keeps its colour and quantity', async () => {
    const client = svc.client();
    const p = tee();
    const lines = await twoColours(client, p._id);
    expect(variants(lines)).toEqual([
      ['L', 'Olive', 1],
      ['L', 'Navy Blue', 2],
    ]);
    expect(lines[0]!.lineId).not.toBe(lines[1]!.lineId);
    expect(lines.every((l) => l.id === p._id)).toBe(true);
  });

  test('only a colour sent while the product has one line keeps that line’s size, as a new line', async () => {
    const client = svc.client();
    const p = tee();
    await client.post('/api/v1/addToCart', { productId: p._id, quantity: 1, properties: { size: 'L', color: 'Olive' } });
    await client.post('/api/v1/addToCart', { productId: p._id, quantity: 1, properties: { color: 'Navy Blue' } });
    expect(variants(await linesOf(client))).toEqual([
      ['L', 'Olive', 1],
      ['L', 'Navy Blue', 1],
    ]);
  });

  test('the same variant again sets its quantity by default, and mode increase raises it', async () => {
    const client = svc.client();
    const p = tee();
    const [olive] = await twoColours(client, p._id);
    const set = await client.post('/api/v1/addToCart', { productId: p._id, quantity: 2, properties: { size: 'L', color: 'olive' } });
    expect(set.body.lineId).toBe(olive!.lineId);
    expect(variants(set.body.cartItems)).toEqual([
      ['L', 'Olive', 2],
      ['L', 'Navy Blue', 2],
    ]);
    const raised = await client.post('/api/v1/addToCart', { productId: p._id, quantity: 1, properties: { size: 'L', color: 'Olive' }, mode: 'increase' });
    expect(raised.status).toBe(200);
    expect(variants(raised.body.cartItems)).toEqual([
      ['L', 'Olive', 3],
      ['L', 'Navy Blue', 2],
    ]);
  });

  test('the colours of a size share its stock: an add over what the other colours leave is refused', async () => {
    const client = svc.client();
    const p = tee();
    await twoColours(client, p._id);
    // Size L has 5: Navy Blue holds 2, so Olive may have 3 at most.
    const over = await client.post('/api/v1/addToCart', { productId: p._id, quantity: 2, properties: { size: 'L', color: 'Olive' }, mode: 'increase' });
    expect(over.status).toBe(200);
    const beyond = await client.post('/api/v1/addToCart', { productId: p._id, quantity: 1, properties: { size: 'L', color: 'Olive' }, mode: 'increase' });
    expect(beyond.status).toBe(400);
    expect(beyond.body.message).toBe('Only 3 items available in stock');
    const tooMany = await client.post('/api/v1/addToCart', { productId: p._id, quantity: 100, properties: { size: 'L', color: 'Olive' }, mode: 'increase' });
    expect(tooMany.body.message).toBe('You can add at most 100 units of one product');
  });

  test('a quantity set with a line id changes that line only', async () => {
    const client = svc.client();
    const p = tee();
    const [, navy] = await twoColours(client, p._id);
    const res = await client.post('/api/v1/addToCart', { productId: p._id, quantity: 3, lineId: navy!.lineId });
    expect(res.status).toBe(200);
    expect(variants(res.body.cartItems)).toEqual([
      ['L', 'Olive', 1],
      ['L', 'Navy Blue', 3],
    ]);
  });

  test('concurrent increases of one line all count, and concurrent sets of two colours never exceed the stock they share', async () => {
    const client = svc.client();
    const p = tee();
    await twoColours(client, p._id);
    // Two raises of Olive L by one at once: none is lost (each is checked against the line as it then is).
    const raises = await Promise.all(
      Array.from({ length: 2 }, () => client.post('/api/v1/addToCart', { productId: p._id, quantity: 1, properties: { size: 'L', color: 'Olive' }, mode: 'increase' })),
    );
    expect(raises.map((r) => r.status)).toEqual([200, 200]);
    expect(variants(await linesOf(client))).toEqual([
      ['L', 'Olive', 3],
      ['L', 'Navy Blue', 2],
    ]);
    // L has 5. Olive to 4 and Navy Blue to 3 at once: each alone fits what the other held when it
    // was read, both together do not; at most one of them is taken.
    for (let round = 0; round < 5; round += 1) {
      await client.post('/api/v1/addToCart', { productId: p._id, quantity: 1, properties: { size: 'L', color: 'Olive' } });
      await client.post('/api/v1/addToCart', { productId: p._id, quantity: 1, properties: { size: 'L', color: 'Navy Blue' } });
      await Promise.all([
        client.post('/api/v1/addToCart', { productId: p._id, quantity: 4, properties: { size: 'L', color: 'Olive' } }),
        client.post('/api/v1/addToCart', { productId: p._id, quantity: 4, properties: { size: 'L', color: 'Navy Blue' } }),
      ]);
      const held = (await linesOf(client)).reduce((sum, l) => sum + l.quantity, 0);
      expect(held).toBeLessThanOrEqual(5);
    }
  });

  test('an unknown mode or a malformed line id is a 400', async () => {
    const client = svc.client();
    const p = tee();
    const mode = await client.post('/api/v1/addToCart', { productId: p._id, quantity: 1, properties: { size: 'L' }, mode: 'double' });
    expect(mode).toMatchObject({ status: 400, body: { success: false, message: "mode must be 'set' or 'increase'" } });
    const line = await client.put('/api/v1/cart/updateItem', { productId: p._id, lineId: 'line-1', properties: { size: 'M' } });
    expect(line).toMatchObject({ status: 400, body: { message: 'Invalid cart line id' } });
  });
});

describe('a line named by its product id or its line id', () => {
  test('with one line, update and remove by product id work as they always did', async () => {
    const client = svc.client();
    const p = tee();
    await client.post('/api/v1/addToCart', { productId: p._id, quantity: 1, properties: { size: 'L', color: 'Olive' } });
    const [line] = await linesOf(client);
    const update = await client.put('/api/v1/cart/updateItem', { productId: p._id, properties: { color: 'Navy Blue' } });
    expect(update.body).toMatchObject({ success: true, lineId: line!.lineId, properties: { size: 'L', color: 'Navy Blue' } });
    // The line keeps its id through the change.
    expect((await linesOf(client)).map((l) => l.lineId)).toEqual([line!.lineId]);
    const removed = await client.delete(`/api/v1/removeFromCart/${p._id}`);
    expect(removed.status).toBe(200);
    expect(await linesOf(client)).toEqual([]);
  });

  test('with two lines, the product id alone is a 409 asking for the line id, and nothing changes', async () => {
    const client = svc.client();
    const p = tee();
    await twoColours(client, p._id);
    const update = await client.put('/api/v1/cart/updateItem', { productId: p._id, properties: { size: 'M' } });
    expect(update.status).toBe(409);
    expect(update.body).toEqual({ success: false, message: 'Polo Tee is in your cart in more than one size or colour: please say which line (lineId)' });
    const remove = await client.delete(`/api/v1/removeFromCart/${p._id}`);
    expect(remove.status).toBe(409);
    expect(variants(await linesOf(client))).toEqual([
      ['L', 'Olive', 1],
      ['L', 'Navy Blue', 2],
    ]);
  });

  test('update and delete by line id change only that line', async () => {
    const client = svc.client();
    const p = tee();
    const [olive, navy] = await twoColours(client, p._id);
    const update = await client.put('/api/v1/cart/updateItem', { productId: p._id, lineId: navy!.lineId, properties: { size: 'M' } });
    expect(update.status).toBe(200);
    expect(variants(await linesOf(client))).toEqual([
      ['L', 'Olive', 1],
      ['M', 'Navy Blue', 2],
    ]);
    const remove = await client.delete(`/api/v1/removeFromCart/${p._id}?lineId=${olive!.lineId}`);
    expect(remove.body).toMatchObject({ success: true, productId: p._id, lineId: olive!.lineId });
    expect(variants(await linesOf(client))).toEqual([['M', 'Navy Blue', 2]]);
  });

  test('changing a line to a size and colour another line has is a 409', async () => {
    const client = svc.client();
    const p = tee();
    const [olive] = await twoColours(client, p._id);
    const res = await client.put('/api/v1/cart/updateItem', { productId: p._id, lineId: olive!.lineId, properties: { color: 'Navy Blue' } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Polo Tee is already in your cart in that size and colour');
  });

  test("a line id of another product or another user's cart is a 404", async () => {
    const client = svc.client();
    const stranger = svc.client();
    const p = tee();
    const other = svc.catalog.define({ name: 'Mug' });
    const [olive] = await twoColours(client, p._id);
    await client.post('/api/v1/addToCart', { productId: other._id, quantity: 1 });
    expect((await client.delete(`/api/v1/removeFromCart/${other._id}?lineId=${olive!.lineId}`)).status).toBe(404);
    expect((await stranger.delete(`/api/v1/removeFromCart/${p._id}?lineId=${olive!.lineId}`)).status).toBe(404);
    expect((await stranger.put('/api/v1/cart/updateItem', { productId: p._id, lineId: olive!.lineId, properties: { size: 'M' } })).status).toBe(404);
    expect(await linesOf(client)).toHaveLength(3);
  });
});

test('OrderPlaced takes out the ordered colour only: the other colour of the same size stays', async () => {
  const buyer = svc.client();
  const p = tee();
  await twoColours(buyer, p._id);
  const event = await svc.publish('OrderPlaced', {
    orderId: randomUUID(),
    userId: buyer.userId,
    items: [{ productId: p._id, quantity: 1, size: 'L', color: 'Olive' }],
  });
  await svc.processed(CART_QUEUES.orders, event.id);
  expect(variants(await linesOf(buyer))).toEqual([['L', 'Navy Blue', 2]]);
});
