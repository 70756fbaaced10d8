import { randomUUID } from 'node:crypto';
import { MAX_GUEST_MERGE_LINES } from '@shop/proto-contracts';
import { startCartService, type CartClient, type CartTestService } from '../testing/cart-test-service';

let svc: CartTestService;

beforeAll(async () => {
  svc = await startCartService();
});

afterAll(async () => {
  await svc?.close();
});

const kurta = () => svc.catalog.define({ name: 'Blue Kurta', size: ['M', 'L'], colors: [], stock: 12, stockDetail: { M: 2, L: 10 } });

const merge = (client: CartClient, lines: unknown, mergeKey: unknown = randomUUID()) => client.post('/api/v1/cart/merge', { mergeKey, lines });
const variants = (items: Array<{ name: string; quantity: number; properties: { size: string | null; color: string | null } }>) =>
  items.map((i) => [i.name, i.properties.size, i.properties.color, i.quantity]);

describe('POST /api/v1/cart/merge', () => {
  test('needs login', async () => {
    const res = await svc.anonymous().post('/api/v1/cart/merge', { mergeKey: randomUUID(), lines: [] });
    expect(res.status).toBe(401);
  });

  test('adds the guest lines to the cart, raising a line of the same variant and making new ones', async () => {
    const client = svc.client();
    const k = kurta();
    const tee = svc.catalog.define({ name: 'Polo Tee', size: ['M'], colors: ['Olive', 'Navy Blue'], stock: 9, stockDetail: { M: 9 } });
    await client.post('/api/v1/addToCart', { productId: tee._id, quantity: 1, properties: { size: 'M', color: 'Olive' } });
    const res = await merge(client, [
      { productId: tee._id, quantity: 2, properties: { size: 'M', color: 'Olive' } },
      { productId: tee._id, quantity: 1, properties: { size: 'M', color: 'Navy Blue' } },
      { productId: k._id, quantity: 3, properties: { size: 'L' } },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your guest cart (3 lines) was added to your cart');
    expect(res.body.replayed).toBe(false);
    expect(res.body.results.map((r: { status: string; added: number }) => [r.status, r.added])).toEqual([
      ['merged', 2],
      ['merged', 1],
      ['merged', 3],
    ]);
    expect(variants(res.body.cartItems)).toEqual([
      ['Polo Tee', 'M', 'Olive', 3],
      ['Polo Tee', 'M', 'Navy Blue', 1],
      ['Blue Kurta', 'L', null, 3],
    ]);
  });

  test('caps a line by the stock of its size and says how many could be added', async () => {
    const client = svc.client();
    const k = kurta();
    const res = await merge(client, [{ productId: k._id, quantity: 5, properties: { size: 'M' } }]);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      {
        productId: k._id,
        name: 'Blue Kurta',
        size: 'M',
        color: null,
        requested: 5,
        added: 2,
        status: 'partial',
        lineId: res.body.cartItems[0].lineId,
        message: 'Only 2 of Blue Kurta (M) could be added: the rest is out of stock',
      },
    ]);
    expect(res.body.message).toBe('Only 2 of Blue Kurta (M) could be added: the rest is out of stock');
    expect(variants(res.body.cartItems)).toEqual([['Blue Kurta', 'M', null, 2]]);
  });

  test('counts what the cart already holds of that stock, and refuses a line with none left', async () => {
    const client = svc.client();
    const k = kurta();
    await client.post('/api/v1/addToCart', { productId: k._id, quantity: 2, properties: { size: 'M' } });
    const res = await merge(client, [{ productId: k._id, quantity: 1, properties: { size: 'M' } }]);
    expect(res.body.results[0]).toMatchObject({ added: 0, status: 'refused', lineId: null, message: 'Blue Kurta (M) could not be added: no more are in stock' });
    expect(variants(res.body.cartItems)).toEqual([['Blue Kurta', 'M', null, 2]]);
  });

  test('caps a line at 100 units', async () => {
    const client = svc.client();
    const jar = svc.catalog.define({ name: 'Glass Jar', stock: 500 });
    await client.post('/api/v1/addToCart', { productId: jar._id, quantity: 90 });
    const res = await merge(client, [{ productId: jar._id, quantity: 20 }]);
    expect(res.body.results[0]).toMatchObject({ added: 10, status: 'partial', message: 'Only 10 of Glass Jar could be added: a cart line holds at most 100 units' });
    expect(res.body.cartItems[0].quantity).toBe(100);
  });

  test('a product gone or a size not offered is refused by line; the other lines are still merged', async () => {
    const client = svc.client();
    const k = kurta();
    const res = await merge(client, [
      { productId: randomUUID(), quantity: 1 },
      { productId: k._id, quantity: 1, properties: { size: 'XXL' } },
      { productId: k._id, quantity: 1, properties: { size: 'L' } },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { status: string; message: string | null }) => [r.status, r.message])).toEqual([
      ['refused', 'A product could not be added: this product is no longer available'],
      ['refused', 'Blue Kurta (XXL) could not be added: this size is not available for this product'],
      ['merged', null],
    ]);
    expect(variants(res.body.cartItems)).toEqual([['Blue Kurta', 'L', null, 1]]);
  });

  test('the same guest cart sent again (a double submit, a retry) adds nothing and answers the first results', async () => {
    const client = svc.client();
    const k = kurta();
    const key = randomUUID();
    const lines = [{ productId: k._id, quantity: 2, properties: { size: 'L' } }];
    const [first, second] = await Promise.all([merge(client, lines, key), merge(client, lines, key)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.replayed, second.body.replayed].sort()).toEqual([false, true]);
    expect(second.body.results).toEqual(first.body.results);
    const third = await merge(client, lines, key);
    expect(third.body.replayed).toBe(true);
    expect(variants(third.body.cartItems)).toEqual([['Blue Kurta', 'L', null, 2]]);
    // Another account merging the same key gets its own merge.
    const other = svc.client();
    expect((await merge(other, lines, key)).body.replayed).toBe(false);
  });

  test.each<[string, () => unknown, unknown, string]>([
    ['no lines', () => [], randomUUID(), 'Please send the guest cart lines'],
    ['lines that are not a list', () => 'all', randomUUID(), 'Please send the guest cart lines'],
    ['too many lines', () => Array.from({ length: MAX_GUEST_MERGE_LINES + 1 }, () => ({ productId: randomUUID(), quantity: 1 })), randomUUID(), `A guest cart can send at most ${MAX_GUEST_MERGE_LINES} lines`],
    ['no merge key', () => [{ productId: randomUUID(), quantity: 1 }], null, 'Please send the guest cart key (mergeKey)'],
    ['a malformed product id', () => [{ productId: 'x', quantity: 1 }], randomUUID(), 'Invalid product ID'],
    ['a quantity over 100', () => [{ productId: randomUUID(), quantity: 101 }], randomUUID(), 'You can add at most 100 units of one product'],
  ])('%s is a 400 and nothing is merged', async (_case, lines, key, message) => {
    const client = svc.client();
    const res = await merge(client, lines(), key);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message });
    expect((await client.get('/api/v1/loadCart')).body.cartItems).toEqual([]);
  });

  test('while the catalog is down a product the cart has no copy of fails the merge with a 503, and a retry with the same key then merges', async () => {
    const client = svc.client();
    const k = kurta();
    const key = randomUUID();
    await svc.catalog.stop();
    try {
      const down = await merge(client, [{ productId: k._id, quantity: 1, properties: { size: 'L' } }], key);
      expect(down.status).toBe(503);
    } finally {
      await svc.catalog.start();
    }
    const retry = await merge(client, [{ productId: k._id, quantity: 1, properties: { size: 'L' } }], key);
    expect(retry.body).toMatchObject({ replayed: false, results: [expect.objectContaining({ status: 'merged', added: 1 })] });
  });
});
