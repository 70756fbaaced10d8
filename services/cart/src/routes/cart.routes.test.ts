import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CART_DELIVERY_INFO, CART_SELLER, MAX_CART_LINES } from '@shop/proto-contracts';
import { CART_QUEUES } from '../events/cart-events';
import { startCartService, type CartTestService } from '../testing/cart-test-service';

let svc: CartTestService;

beforeAll(async () => {
  svc = await startCartService();
});

afterAll(async () => {
  await svc?.close();
});

const shirt = () =>
  svc.catalog.define({
    name: 'Cotton Shirt',
    price: 499.5,
    oldPrice: 599,
    discount: 17,
    size: ['S', 'M', 'L'],
    colors: ['Blue', 'White'],
    stock: 7,
    stockDetail: { S: 0, M: 2, L: 5 },
  });

describe('every cart endpoint needs login', () => {
  test.each([
    ['POST', '/api/v1/addToCart'],
    ['GET', '/api/v1/loadCart'],
    ['PUT', '/api/v1/cart/updateItem'],
    ['DELETE', `/api/v1/removeFromCart/${randomUUID()}`],
  ])('%s %s without a token is 401', async (method, path) => {
    const res = await svc.anonymous().call(method, path, method === 'GET' || method === 'DELETE' ? undefined : '{not json');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: expect.any(String) });
  });
});

describe('POST /api/v1/addToCart', () => {
  test('checks an add against the cart’s copy of the product, which ProductChanged keeps current', async () => {
    const p = shirt();
    const first = svc.client();
    const second = svc.client();
    // The first add of a product anywhere asks the catalog and keeps a copy.
    expect((await first.post('/api/v1/addToCart', { productId: p._id, quantity: 1, properties: { size: 'L' } })).body.cartItems[0].price).toBe(499.5);
    const asked = svc.catalog.requests;
    expect((await second.post('/api/v1/addToCart', { productId: p._id, quantity: 1, properties: { size: 'L' } })).body.cartItems[0].price).toBe(499.5);
    expect(svc.catalog.requests).toBe(asked);

    // The catalog changes and says so: the next add sees the new price and stock.
    p.price = 450;
    p.stockDetail = { S: 0, M: 2, L: 1 };
    const changed = await svc.publish('ProductChanged', { productId: p._id });
    await svc.processed(CART_QUEUES.catalog, changed.id);
    const again = await second.post('/api/v1/addToCart', { productId: p._id, quantity: 2, properties: { size: 'L' } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Only 1 items available in stock');
    const ok = await second.post('/api/v1/addToCart', { productId: p._id, quantity: 1, properties: { size: 'L' } });
    expect(ok.body.cartItems[0].price).toBe(450);
    expect((await first.get('/api/v1/loadCart')).body.cartItems[0].price).toBe(450);
  });

  test('a product the cart keeps a copy of can be added while the catalog is down; one it has no copy of is a 503', async () => {
    const client = svc.client();
    const kept = svc.catalog.define({ name: 'Brass Lamp', stock: 3 });
    await svc.client().post('/api/v1/addToCart', { productId: kept._id, quantity: 1 });
    await svc.catalog.stop();
    try {
      const add = await client.post('/api/v1/addToCart', { productId: kept._id, quantity: 3 });
      expect(add.status).toBe(200);
      expect(add.body.cartItems).toEqual([expect.objectContaining({ name: 'Brass Lamp', quantity: 3 })]);
      const tooMany = await client.post('/api/v1/addToCart', { productId: kept._id, quantity: 4 });
      expect(tooMany.status).toBe(400);
      expect((await client.post('/api/v1/addToCart', { productId: svc.catalog.define()._id, quantity: 1 })).status).toBe(503);
    } finally {
      await svc.catalog.start();
    }
  });

  test('a copy marked deleted is checked with the catalog again', async () => {
    const client = svc.client();
    const p = svc.catalog.define({ name: 'Jute Bag' });
    await client.post('/api/v1/addToCart', { productId: p._id, quantity: 1 });
    const deleted = await svc.publish('ProductDeleted', { productId: p._id });
    await svc.processed(CART_QUEUES.catalog, deleted.id);
    // The catalog still has it (restored): the add is checked there and the copy revived.
    const add = await client.post('/api/v1/addToCart', { productId: p._id, quantity: 2 });
    expect(add.status).toBe(200);
    expect(add.body.cartItems).toEqual([expect.objectContaining({ name: 'Jute Bag', quantity: 2, available: true })]);
  });

  test('creates the line and answers the spec fields with the whole cart', async () => {
    const client = svc.client();
    const p = shirt();
    const res = await client.post('/api/v1/addToCart', { productId: p._id, quantity: 2, properties: { size: 'L', color: 'White' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Cotton Shirt is added to cart successfully',
      productId: p._id,
      lineId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      cartItems: [
        {
          id: p._id,
          lineId: res.body.lineId,
          productId: p._id,
          name: 'Cotton Shirt',
          image: p.thumbnail,
          price: 499.5,
          oldPrice: 599,
          discountPercent: 17,
          quantity: 2,
          properties: { size: 'L', color: 'White' },
          seller: CART_SELLER,
          deliveryInfo: CART_DELIVERY_INFO,
          available: true,
          stock: 5,
          subtotal: 999,
          saving: 199,
          sizeOptions: ['S', 'M', 'L'],
          soldOutSizes: ['S'],
          colorOptions: ['Blue', 'White'],
        },
      ],
    });
  });

  test('adding an item already in the cart sets its quantity instead of adding to it', async () => {
    const client = svc.client();
    const p = svc.catalog.define();
    await client.post('/api/v1/addToCart', { productId: p._id, quantity: 2 });
    const res = await client.post('/api/v1/addToCart', { productId: p._id, quantity: 3 });
    expect(res.status).toBe(200);
    expect(res.body.cartItems).toHaveLength(1);
    expect(res.body.cartItems[0].quantity).toBe(3);
    const again = await client.post('/api/v1/addToCart', { productId: p._id, quantity: 1 });
    expect(again.body.cartItems[0].quantity).toBe(1);
  });

  test('a changed quantity is answered with the whole cart as a read then shows it, lines in the order they were added', async () => {
    const client = svc.client();
    const kettle = svc.catalog.define({ name: 'Kettle' });
    const mug = svc.catalog.define({ name: 'Mug' });
    await client.post('/api/v1/addToCart', { productId: kettle._id, quantity: 1 });
    await client.post('/api/v1/addToCart', { productId: mug._id, quantity: 1 });
    const res = await client.post('/api/v1/addToCart', { productId: kettle._id, quantity: 4 });
    expect(res.body.cartItems.map((i: { name: string; quantity: number }) => [i.name, i.quantity])).toEqual([
      ['Kettle', 4],
      ['Mug', 1],
    ]);
    expect((await client.get('/api/v1/loadCart')).body.cartItems).toEqual(res.body.cartItems);
  });

  test('a quantity change without properties keeps the size and colour of the line', async () => {
    const client = svc.client();
    const p = shirt();
    await client.post('/api/v1/addToCart', { productId: p._id, quantity: 1, properties: { size: 'L', color: 'White' } });
    const res = await client.post('/api/v1/addToCart', { productId: p._id, quantity: 4 });
    expect(res.status).toBe(200);
    expect(res.body.cartItems[0]).toMatchObject({ quantity: 4, properties: { size: 'L', color: 'White' } });
  });

  test('the colour defaults to the first one offered and sizes match whatever their case', async () => {
    const client = svc.client();
    const p = shirt();
    const res = await client.post('/api/v1/addToCart', { productId: p._id, quantity: 1, properties: { size: ' l ' } });
    expect(res.status).toBe(200);
    expect(res.body.cartItems[0].properties).toEqual({ size: 'L', color: 'Blue' });
  });

  test('a product without sizes or colours stores none, whatever was sent', async () => {
    const client = svc.client();
    const p = svc.catalog.define();
    const res = await client.post('/api/v1/addToCart', { productId: p._id, quantity: 1, properties: { size: 'M', color: 'Red' } });
    expect(res.status).toBe(200);
    expect(res.body.cartItems[0].properties).toEqual({ size: null, color: null });
  });

  const unknownId = randomUUID();
  test.each<[string, () => Record<string, unknown>, number, string]>([
    ['no product id', () => ({ quantity: 1 }), 400, 'Product information is not available'],
    ['a malformed product id', () => ({ productId: 'abc', quantity: 1 }), 400, 'Invalid product ID'],
    ['a number as product id', () => ({ productId: 42, quantity: 1 }), 400, 'Invalid product ID'],
    ['an unknown product', () => ({ productId: unknownId, quantity: 1 }), 404, 'Product not found'],
    ['no quantity', () => ({ productId: svc.catalog.define()._id }), 400, 'Please choose a quantity'],
    ['quantity 0', () => ({ productId: svc.catalog.define()._id, quantity: 0 }), 400, 'Quantity cannot be less than 1'],
    ['a negative quantity', () => ({ productId: svc.catalog.define()._id, quantity: -2 }), 400, 'Quantity cannot be less than 1'],
    ['quantity as text', () => ({ productId: svc.catalog.define()._id, quantity: '2' }), 400, 'Quantity must be a number'],
    ['quantity NaN (null in JSON)', () => ({ productId: svc.catalog.define()._id, quantity: NaN }), 400, 'Quantity must be a number'],
    ['a fractional quantity', () => ({ productId: svc.catalog.define()._id, quantity: 1.5 }), 400, 'Quantity must be a whole number'],
    ['more than 100', () => ({ productId: svc.catalog.define({ stock: 500 })._id, quantity: 101 }), 400, 'You can add at most 100 units of one product'],
    ['more than in stock', () => ({ productId: svc.catalog.define({ stock: 10 })._id, quantity: 11 }), 400, 'Only 10 items available in stock'],
    ['an out-of-stock product', () => ({ productId: svc.catalog.define({ stock: 0 })._id, quantity: 1 }), 400, 'This product is out of stock'],
    ['no size for a sized product', () => ({ productId: shirt()._id, quantity: 1 }), 400, 'Please select a size'],
    ['a size not offered', () => ({ productId: shirt()._id, quantity: 1, properties: { size: 'XXL' } }), 400, 'This size is not available for this product'],
    ['more than the size has', () => ({ productId: shirt()._id, quantity: 3, properties: { size: 'M' } }), 400, 'Only 2 items available in stock'],
    ['a size with no stock', () => ({ productId: shirt()._id, quantity: 1, properties: { size: 'S' } }), 400, 'This product is out of stock'],
    ['a colour not offered', () => ({ productId: shirt()._id, quantity: 1, properties: { size: 'L', color: 'Purple' } }), 400, 'This colour is not available for this product'],
    ['properties as text', () => ({ productId: shirt()._id, quantity: 1, properties: 'L' }), 400, 'properties must be an object with size and color'],
    ['a size that is not text', () => ({ productId: shirt()._id, quantity: 1, properties: { size: 42 } }), 400, 'Size and colour must be text of at most 40 characters'],
  ])('%s is refused with its message and nothing is stored', async (_case, body, status, message) => {
    const client = svc.client();
    const res = await client.post('/api/v1/addToCart', body());
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ success: false, message });
    expect((await client.get('/api/v1/loadCart')).body.cartItems).toEqual([]);
  });

  test('a body that is not JSON is a 400', async () => {
    const res = await svc.client().call('POST', '/api/v1/addToCart', '{"productId":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'The request body is not valid JSON.' });
  });

  test('a body that is not what its Content-Encoding says is a 400 saying so, and nothing is stored', async () => {
    const client = svc.client();
    const res = await client.call('POST', '/api/v1/addToCart', JSON.stringify({ productId: shirt()._id, quantity: 1 }), { 'content-encoding': 'gzip' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: 'The request body could not be read: it is not what its Content-Encoding says.' });
    expect((await client.get('/api/v1/loadCart')).body.cartItems).toEqual([]);
  });

  test.each([
    ['a Content-Encoding', { 'content-encoding': 'compress' }, "The request body's Content-Encoding is not one the shop reads: send it as it is, or as gzip, deflate or br."],
    ['a charset', { 'content-type': 'application/json; charset=latin1' }, "The request body's charset is not one the shop reads: send it as UTF-8."],
  ])('%s the shop does not read is a 415 saying which, and nothing is stored', async (_what, headers, message) => {
    const client = svc.client();
    const res = await client.call('POST', '/api/v1/addToCart', JSON.stringify({ productId: shirt()._id, quantity: 1 }), headers);
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ success: false, message });
    expect((await client.get('/api/v1/loadCart')).body.cartItems).toEqual([]);
  });

  test(`a cart holds at most ${MAX_CART_LINES} lines`, async () => {
    const client = svc.client();
    for (let i = 0; i < MAX_CART_LINES; i += 1) {
      const res = await client.post('/api/v1/addToCart', { productId: svc.catalog.define()._id, quantity: 1 });
      expect(res.status).toBe(200);
    }
    const extra = await client.post('/api/v1/addToCart', { productId: svc.catalog.define()._id, quantity: 1 });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toBe('Your cart can hold at most 50 lines');
    // Changing the quantity of a line already there is still fine.
    const first = (await client.get('/api/v1/loadCart')).body.cartItems[0];
    expect((await client.post('/api/v1/addToCart', { productId: first.id, quantity: 2 })).status).toBe(200);
  });

  test('while the catalog is down adding is a 503 with a clear message, and the cart still loads', async () => {
    const client = svc.client();
    const p = svc.catalog.define({ name: 'Steel Bottle' });
    await client.post('/api/v1/addToCart', { productId: p._id, quantity: 2 });
    await svc.catalog.stop();
    try {
      const add = await client.post('/api/v1/addToCart', { productId: svc.catalog.define()._id, quantity: 1 });
      expect(add.status).toBe(503);
      expect(add.body).toEqual({ success: false, message: 'Products cannot be checked right now. Please try again in a moment.' });
      const load = await client.get('/api/v1/loadCart');
      expect(load.status).toBe(200);
      expect(load.body.cartItems).toEqual([expect.objectContaining({ name: 'Steel Bottle', quantity: 2, available: true })]);
    } finally {
      await svc.catalog.start();
    }
  });
});

describe('GET /api/v1/loadCart', () => {
  test('an empty cart', async () => {
    const res = await svc.client().get('/api/v1/loadCart');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, cartItems: [], totalItems: 0, totalAmount: 0, hasProblems: false });
  });

  test('lines in the order they were added, with totals in rupees', async () => {
    const client = svc.client();
    const a = svc.catalog.define({ name: 'Kettle', price: 1299.99, oldPrice: 1299.99 });
    const b = svc.catalog.define({ name: 'Mug', price: 149.5, oldPrice: 199, discount: 25 });
    await client.post('/api/v1/addToCart', { productId: a._id, quantity: 1 });
    await client.post('/api/v1/addToCart', { productId: b._id, quantity: 3 });
    const res = await client.get('/api/v1/loadCart');
    expect(res.body.cartItems.map((i: { name: string }) => i.name)).toEqual(['Kettle', 'Mug']);
    expect(res.body.cartItems[1]).toMatchObject({ subtotal: 448.5, saving: 148.5 });
    expect(res.body).toMatchObject({ totalItems: 4, totalAmount: 1748.49, hasProblems: false });
  });

  test('reading a cart never asks the catalog', async () => {
    const client = svc.client();
    await client.post('/api/v1/addToCart', { productId: svc.catalog.define()._id, quantity: 1 });
    const before = svc.catalog.requests;
    await client.get('/api/v1/loadCart');
    expect(svc.catalog.requests).toBe(before);
  });
});

describe('PUT /api/v1/cart/updateItem', () => {
  test('changes the size, answering the spec fields', async () => {
    const client = svc.client();
    const p = shirt();
    await client.post('/api/v1/addToCart', { productId: p._id, quantity: 2, properties: { size: 'L', color: 'White' } });
    const res = await client.put('/api/v1/cart/updateItem', { productId: p._id, properties: { size: 'M' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Updated properties for Cotton Shirt',
      productId: p._id,
      lineId: expect.any(String),
      properties: { size: 'M', color: 'White' },
    });
    const cart = (await client.get('/api/v1/loadCart')).body;
    expect(cart.cartItems[0]).toMatchObject({ properties: { size: 'M', color: 'White' }, stock: 2, quantity: 2 });
  });

  test('a new size is re-checked against its stock', async () => {
    const client = svc.client();
    const p = shirt();
    await client.post('/api/v1/addToCart', { productId: p._id, quantity: 3, properties: { size: 'L' } });
    const tooFew = await client.put('/api/v1/cart/updateItem', { productId: p._id, properties: { size: 'M' } });
    expect(tooFew.status).toBe(400);
    expect(tooFew.body.message).toBe('Only 2 items available in stock');
    const none = await client.put('/api/v1/cart/updateItem', { productId: p._id, properties: { size: 'S' } });
    expect(none.body.message).toBe('This product is out of stock');
    const notOffered = await client.put('/api/v1/cart/updateItem', { productId: p._id, properties: { size: 'XXL' } });
    expect(notOffered.body.message).toBe('This size is not available for this product');
    expect((await client.get('/api/v1/loadCart')).body.cartItems[0].properties.size).toBe('L');
  });

  test('a colour change keeps the size', async () => {
    const client = svc.client();
    const p = shirt();
    await client.post('/api/v1/addToCart', { productId: p._id, quantity: 1, properties: { size: 'L', color: 'White' } });
    const res = await client.put('/api/v1/cart/updateItem', { productId: p._id, properties: { color: 'blue' } });
    expect(res.body.properties).toEqual({ size: 'L', color: 'Blue' });
  });

  test('a product not in the cart is 404 and an empty change is 400', async () => {
    const client = svc.client();
    const p = shirt();
    const missing = await client.put('/api/v1/cart/updateItem', { productId: p._id, properties: { size: 'L' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: 'Item not found in cart' });
    await client.post('/api/v1/addToCart', { productId: p._id, quantity: 1, properties: { size: 'L' } });
    const empty = await client.put('/api/v1/cart/updateItem', { productId: p._id, properties: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please choose a size or colour to change');
  });

  test('a product the catalog no longer has cannot be changed and shows as unavailable', async () => {
    const client = svc.client();
    const p = shirt();
    await client.post('/api/v1/addToCart', { productId: p._id, quantity: 1, properties: { size: 'L' } });
    svc.catalog.delete(p._id);
    const res = await client.put('/api/v1/cart/updateItem', { productId: p._id, properties: { size: 'M' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This product is no longer available');
    const cart = (await client.get('/api/v1/loadCart')).body;
    expect(cart.cartItems[0].available).toBe(false);
    expect(cart.hasProblems).toBe(true);
  });

  test('while the catalog is down the stored product is checked instead', async () => {
    const client = svc.client();
    const p = shirt();
    await client.post('/api/v1/addToCart', { productId: p._id, quantity: 2, properties: { size: 'L' } });
    await svc.catalog.stop();
    try {
      const ok = await client.put('/api/v1/cart/updateItem', { productId: p._id, properties: { size: 'M' } });
      expect(ok.status).toBe(200);
      const tooFew = await client.put('/api/v1/cart/updateItem', { productId: p._id, properties: { size: 'S' } });
      expect(tooFew.body.message).toBe('This product is out of stock');
    } finally {
      await svc.catalog.start();
    }
  });
});

describe('DELETE /api/v1/removeFromCart/:productId', () => {
  test('removes the line', async () => {
    const client = svc.client();
    const p = svc.catalog.define({ name: 'Table Lamp' });
    await client.post('/api/v1/addToCart', { productId: p._id, quantity: 1 });
    const res = await client.delete(`/api/v1/removeFromCart/${p._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Table Lamp removed from cart', productId: p._id, lineId: expect.any(String) });
    expect((await client.get('/api/v1/loadCart')).body.cartItems).toEqual([]);
    const again = await client.delete(`/api/v1/removeFromCart/${p._id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Item not found in cart');
  });

  test('a malformed id is 400', async () => {
    const res = await svc.client().delete('/api/v1/removeFromCart/not-an-id');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid product ID');
  });
});

describe('a user only ever reaches their own cart', () => {
  test("another user's lines are not shown, changed or removed", async () => {
    const owner = svc.client();
    const stranger = svc.client();
    const p = shirt();
    await owner.post('/api/v1/addToCart', { productId: p._id, quantity: 1, properties: { size: 'L' } });

    expect((await stranger.get('/api/v1/loadCart')).body.cartItems).toEqual([]);
    expect((await stranger.put('/api/v1/cart/updateItem', { productId: p._id, properties: { size: 'M' } })).status).toBe(404);
    expect((await stranger.delete(`/api/v1/removeFromCart/${p._id}`)).status).toBe(404);
    // Adding the same product makes the stranger a line of their own.
    await stranger.post('/api/v1/addToCart', { productId: p._id, quantity: 5, properties: { size: 'L' } });

    const mine = (await owner.get('/api/v1/loadCart')).body.cartItems;
    expect(mine).toEqual([expect.objectContaining({ id: p._id, quantity: 1, properties: { size: 'L', color: 'Blue' } })]);
  });

  test('a user id in the request is ignored: the token decides', async () => {
    const owner = svc.client();
    const stranger = svc.client();
    const p = svc.catalog.define();
    await stranger.call('POST', `/api/v1/addToCart?userId=${owner.userId}`, { productId: p._id, quantity: 1, userId: owner.userId });
    expect((await owner.get('/api/v1/loadCart')).body.cartItems).toEqual([]);
    const stored = await svc.rows<{ user_id: string }>(sql`select user_id from cart.cart_lines where product_id = ${p._id}`);
    expect(stored).toEqual([{ user_id: stranger.userId }]);
  });
});
