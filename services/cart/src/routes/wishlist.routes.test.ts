import { randomUUID } from 'node:crypto';
import { startCartService, type CartTestService } from '../testing/cart-test-service';

let svc: CartTestService;

beforeAll(async () => {
  svc = await startCartService();
});

afterAll(async () => {
  await svc?.close();
});

describe('every wishlist endpoint needs login', () => {
  test.each([
    ['GET', '/api/v1/wishlist'],
    ['POST', '/api/v1/wishlist'],
    ['DELETE', `/api/v1/wishlist/${randomUUID()}`],
    ['POST', `/api/v1/wishlist/${randomUUID()}/move-to-cart`],
  ])('%s %s without a token is 401', async (method, path) => {
    const res = await svc.anonymous().call(method, path);
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });
});

describe('wishlist', () => {
  test('add, list (newest first) and remove', async () => {
    const client = svc.client();
    const lamp = svc.catalog.define({ name: 'Lamp', price: 899, oldPrice: 999, discount: 10 });
    const rug = svc.catalog.define({ name: 'Rug', stock: 0 });

    const added = await client.post('/api/v1/wishlist', { productId: lamp._id });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({
      success: true,
      message: 'Lamp added to your wishlist',
      productId: lamp._id,
      wishlist: [
        {
          productId: lamp._id,
          name: 'Lamp',
          image: lamp.thumbnail,
          price: 899,
          oldPrice: 999,
          discountPercent: 10,
          available: true,
          inStock: true,
          addedAt: expect.any(String),
          sizeOptions: [],
          colorOptions: [],
          soldOutSizes: [],
        },
      ],
    });
    await client.post('/api/v1/wishlist', { productId: rug._id });
    const list = await client.get('/api/v1/wishlist');
    expect(list.body.wishlist.map((i: { name: string; inStock: boolean }) => [i.name, i.inStock])).toEqual([
      ['Rug', false],
      ['Lamp', true],
    ]);

    const removed = await client.delete(`/api/v1/wishlist/${lamp._id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ success: true, message: 'Lamp removed from your wishlist', productId: lamp._id });
    expect(removed.body.wishlist.map((i: { name: string }) => i.name)).toEqual(['Rug']);
    const again = await client.delete(`/api/v1/wishlist/${lamp._id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Item not found in wishlist');
  });

  test('adding a product twice keeps one entry', async () => {
    const client = svc.client();
    const p = svc.catalog.define();
    await client.post('/api/v1/wishlist', { productId: p._id });
    const res = await client.post('/api/v1/wishlist', { productId: p._id });
    expect(res.status).toBe(200);
    expect(res.body.wishlist).toHaveLength(1);
  });

  test.each<[string, () => unknown, number, string]>([
    ['no product id', () => ({}), 400, 'Product information is not available'],
    ['a malformed id', () => ({ productId: 'x1' }), 400, 'Invalid product ID'],
    ['an unknown product', () => ({ productId: randomUUID() }), 404, 'Product not found'],
  ])('%s is refused', async (_case, body, status, message) => {
    const res = await svc.client().post('/api/v1/wishlist', body());
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ success: false, message });
  });

  test('while the catalog is down adding is 503 and the list still loads', async () => {
    const client = svc.client();
    const p = svc.catalog.define();
    await client.post('/api/v1/wishlist', { productId: p._id });
    await svc.catalog.stop();
    try {
      expect((await client.post('/api/v1/wishlist', { productId: svc.catalog.define()._id })).status).toBe(503);
      expect((await client.get('/api/v1/wishlist')).body.wishlist).toHaveLength(1);
    } finally {
      await svc.catalog.start();
    }
  });

  test("another user's wishlist is never shown or changed", async () => {
    const owner = svc.client();
    const stranger = svc.client();
    const p = svc.catalog.define();
    await owner.post('/api/v1/wishlist', { productId: p._id });
    expect((await stranger.get('/api/v1/wishlist')).body.wishlist).toEqual([]);
    expect((await stranger.delete(`/api/v1/wishlist/${p._id}`)).status).toBe(404);
    expect((await stranger.post(`/api/v1/wishlist/${p._id}/move-to-cart`)).status).toBe(404);
    expect((await owner.get('/api/v1/wishlist')).body.wishlist).toHaveLength(1);
  });
});

describe('POST /api/v1/wishlist/:productId/move-to-cart', () => {
  test('puts it in the cart with quantity 1, the first size in stock and the first colour, and takes it off the wishlist', async () => {
    const client = svc.client();
    const p = svc.catalog.define({ name: 'Sneakers', size: ['7', '8', '9'], colors: ['White', 'Black'], stock: 3, stockDetail: { '7': 0, '8': 3, '9': 0 } });
    await client.post('/api/v1/wishlist', { productId: p._id });
    const res = await client.post(`/api/v1/wishlist/${p._id}/move-to-cart`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Sneakers moved to your cart', productId: p._id, properties: { size: '8', color: 'White' } });
    expect(res.body.cartItems).toEqual([expect.objectContaining({ id: p._id, quantity: 1, properties: { size: '8', color: 'White' } })]);
    expect((await client.get('/api/v1/wishlist')).body.wishlist).toEqual([]);
  });

  test('the size, colour and quantity can be chosen', async () => {
    const client = svc.client();
    const p = svc.catalog.define({ size: ['M', 'L'], colors: ['Red', 'Green'], stock: 10, stockDetail: { M: 5, L: 5 } });
    await client.post('/api/v1/wishlist', { productId: p._id });
    const res = await client.post(`/api/v1/wishlist/${p._id}/move-to-cart`, { quantity: 2, properties: { size: 'L', color: 'Green' } });
    expect(res.body.cartItems[0]).toMatchObject({ quantity: 2, properties: { size: 'L', color: 'Green' } });
  });

  test('a product already in the cart keeps its line', async () => {
    const client = svc.client();
    const p = svc.catalog.define();
    await client.post('/api/v1/addToCart', { productId: p._id, quantity: 4 });
    await client.post('/api/v1/wishlist', { productId: p._id });
    const res = await client.post(`/api/v1/wishlist/${p._id}/move-to-cart`);
    expect(res.status).toBe(200);
    expect(res.body.cartItems).toEqual([expect.objectContaining({ quantity: 4 })]);
    expect((await client.get('/api/v1/wishlist')).body.wishlist).toEqual([]);
  });

  test('an out-of-stock product stays on the wishlist', async () => {
    const client = svc.client();
    const p = svc.catalog.define({ stock: 0 });
    await client.post('/api/v1/wishlist', { productId: p._id });
    const res = await client.post(`/api/v1/wishlist/${p._id}/move-to-cart`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This product is out of stock');
    expect((await client.get('/api/v1/wishlist')).body.wishlist).toHaveLength(1);
    expect((await client.get('/api/v1/loadCart')).body.cartItems).toEqual([]);
  });

  test('a product not on the wishlist is 404', async () => {
    const res = await svc.client().post(`/api/v1/wishlist/${svc.catalog.define()._id}/move-to-cart`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Item not found in wishlist');
  });
});
