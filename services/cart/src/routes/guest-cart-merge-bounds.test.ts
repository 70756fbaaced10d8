import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { cartMessages, MAX_GUEST_MERGE_LINES, MAX_GUEST_MERGE_UNKNOWN_PRODUCTS } from '@shop/proto-contracts';
import { eventually } from '@shop/platform/src/testing';
import { startCartService, type CartClient, type CartTestService } from '../testing/cart-test-service';

// Decision 0097: a guest-cart merge does bounded work whatever a caller sends.

let svc: CartTestService;

beforeAll(async () => {
  svc = await startCartService();
});

afterAll(async () => {
  await svc?.close();
});

const merge = (client: CartClient, lines: unknown, mergeKey: string = randomUUID()) => client.post('/api/v1/cart/merge', { mergeKey, lines });
const mergeRows = (client: CartClient) => svc.rows<{ merge_key: string }>(sql`select merge_key from cart.guest_cart_merges where user_id = ${client.userId}`);

/** The requests the catalog receives while `work` runs. */
async function catalogCallsDuring(work: () => Promise<unknown>): Promise<{ calls: number; lookups: string[][] }> {
  const requests = svc.catalog.requests;
  const lookups = svc.catalog.lookups.length;
  await work();
  return { calls: svc.catalog.requests - requests, lookups: svc.catalog.lookups.slice(lookups) };
}

describe('a guest-cart merge asks the catalog once', () => {
  test.each([1, 7, MAX_GUEST_MERGE_LINES])('%i lines of products the cart has no copy of are one catalog call', async (n) => {
    const client = svc.client();
    const products = Array.from({ length: n }, () => svc.catalog.define({ stock: 5 }));
    let status = 0;
    const { calls, lookups } = await catalogCallsDuring(async () => {
      const res = await merge(client, products.map((p) => ({ productId: p._id, quantity: 1 })));
      status = res.status;
      expect(res.body.results.filter((r: { status: string }) => r.status === 'merged')).toHaveLength(n);
    });
    expect(status).toBe(200);
    expect(calls).toBe(1);
    expect(lookups.map((ids) => ids.length)).toEqual([n]);
  });

  test('products the cart already keeps a copy of are not asked for again', async () => {
    const client = svc.client();
    const kept = svc.catalog.define({ stock: 5 });
    const fresh = svc.catalog.define({ stock: 5 });
    await svc.client().post('/api/v1/addToCart', { productId: kept._id, quantity: 1 });
    const { calls, lookups } = await catalogCallsDuring(() =>
      merge(client, [
        { productId: kept._id, quantity: 1 },
        { productId: fresh._id, quantity: 1 },
      ]),
    );
    expect(calls).toBe(1);
    expect(lookups).toEqual([[fresh._id]]);
    const { calls: none } = await catalogCallsDuring(() => merge(svc.client(), [{ productId: kept._id, quantity: 1 }]));
    expect(none).toBe(0);
  });

  test('lines of one variant sent again and again are folded into one before the catalog is asked', async () => {
    const client = svc.client();
    const kurta = svc.catalog.define({ name: 'Blue Kurta', size: ['M', 'L'], stock: 12, stockDetail: { M: 2, L: 10 } });
    const lines = [
      ...Array.from({ length: 20 }, () => ({ productId: kurta._id, quantity: 1, properties: { size: 'L' } })),
      ...Array.from({ length: 20 }, () => ({ productId: kurta._id.toUpperCase(), quantity: 1, properties: { size: 'l' } })),
      { productId: kurta._id, quantity: 1, properties: { size: 'M' } },
    ];
    let body: { results: Array<{ size: string; requested: number; added: number }>; cartItems: Array<{ quantity: number; properties: { size: string } }> } | undefined;
    const { lookups } = await catalogCallsDuring(async () => {
      body = (await merge(client, lines)).body;
    });
    expect(lookups).toEqual([[kurta._id]]);
    expect(body!.results.map((r) => [r.size, r.requested, r.added])).toEqual([
      ['L', 40, 10],
      ['M', 1, 1],
    ]);
    expect(body!.cartItems.map((i) => [i.properties.size, i.quantity])).toEqual([
      ['L', 10],
      ['M', 1],
    ]);
  });
});

describe('products the catalog does not have', () => {
  test(`up to ${MAX_GUEST_MERGE_UNKNOWN_PRODUCTS} are refused line by line and the rest is merged`, async () => {
    const client = svc.client();
    const real = svc.catalog.define({ stock: 5 });
    const unknown = Array.from({ length: MAX_GUEST_MERGE_UNKNOWN_PRODUCTS }, () => ({ productId: randomUUID(), quantity: 1 }));
    const res = await merge(client, [...unknown, { productId: real._id, quantity: 2 }]);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual([...unknown.map(() => 'refused'), 'merged']);
    expect(res.body.cartItems.map((i: { productId: string; quantity: number }) => [i.productId, i.quantity])).toEqual([[real._id, 2]]);
  });

  test(`more than ${MAX_GUEST_MERGE_UNKNOWN_PRODUCTS} refuse the whole merge with a 400 and nothing is merged or stored`, async () => {
    const client = svc.client();
    const real = svc.catalog.define({ stock: 5 });
    const unknown = Array.from({ length: MAX_GUEST_MERGE_UNKNOWN_PRODUCTS + 1 }, () => ({ productId: randomUUID(), quantity: 1 }));
    const res = await merge(client, [{ productId: real._id, quantity: 1 }, ...unknown]);
    expect(res).toEqual({ status: 400, body: { success: false, message: cartMessages.mergeTooManyUnknown } });
    expect((await client.get('/api/v1/loadCart')).body.cartItems).toEqual([]);
    expect(await mergeRows(client)).toEqual([]);
  });

  test(`${MAX_GUEST_MERGE_LINES} made-up ids are one catalog call and a 400`, async () => {
    const client = svc.client();
    const lines = Array.from({ length: MAX_GUEST_MERGE_LINES }, () => ({ productId: randomUUID(), quantity: 1 }));
    let status = 0;
    const { calls } = await catalogCallsDuring(async () => {
      status = (await merge(client, lines)).status;
    });
    expect(status).toBe(400);
    expect(calls).toBe(1);
  });
});

describe('the merge record (mergeKey)', () => {
  test('a merge that added nothing stores no record, and the same key may then merge what has come back in stock', async () => {
    const client = svc.client();
    const jar = svc.catalog.define({ name: 'Glass Jar', stock: 0 });
    const key = randomUUID();
    const first = await merge(client, [{ productId: jar._id, quantity: 1 }], key);
    expect(first.status).toBe(200);
    expect(first.body.results).toEqual([expect.objectContaining({ status: 'refused', added: 0 })]);
    expect(await mergeRows(client)).toEqual([]);

    // Back in stock (the cart kept no copy of a product it added nothing of): the same guest cart is merged.
    svc.catalog.update(jar._id, { stock: 3 });
    const second = await merge(client, [{ productId: jar._id, quantity: 1 }], key);
    expect(second.body).toMatchObject({ replayed: false, results: [expect.objectContaining({ status: 'merged', added: 1 })] });
    expect(await mergeRows(client)).toEqual([{ merge_key: key }]);
  });

  test('a merge refused only for made-up products stores no record', async () => {
    const client = svc.client();
    const res = await merge(client, [{ productId: randomUUID(), quantity: 1 }]);
    expect(res.status).toBe(200);
    expect(await mergeRows(client)).toEqual([]);
  });
});

describe('a caller that leaves', () => {
  test('abandons the catalog call, and nothing is merged', async () => {
    const client = svc.client();
    const product = svc.catalog.define({ stock: 5 });
    const hold = svc.catalog.holdLookups();
    const gone = new AbortController();
    const abandonedBefore = svc.catalog.abandonedLookups;
    const sent = fetch(`${svc.url}/api/v1/cart/merge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${client.token}` },
      body: JSON.stringify({ mergeKey: randomUUID(), lines: [{ productId: product._id, quantity: 1 }] }),
      signal: gone.signal,
    }).then(
      () => 'answered',
      (err: Error) => err.name,
    );
    await hold.arrived;
    gone.abort();
    expect(await sent).toBe('AbortError');
    // The cart closes its call to the catalog as soon as its own caller has gone.
    await eventually(async () => expect(svc.catalog.abandonedLookups).toBe(abandonedBefore + 1));
    hold.release();
    expect((await client.get('/api/v1/loadCart')).body.cartItems).toEqual([]);
    expect(await mergeRows(client)).toEqual([]);
  });
});
