import { randomUUID } from 'node:crypto';
import { MAX_PRODUCT_LOOKUP_IDS } from '@shop/proto-contracts';
import { TestHttpClient } from '@shop/platform/src/testing';
import { productPayload, startCatalogService, type CatalogTestService } from '../testing/catalog-test-service';

const TOKEN = 'test-internal-token-0123456789abcdef';
let svc: CatalogTestService;

beforeAll(async () => {
  svc = await startCatalogService({ internalToken: TOKEN });
});
afterAll(async () => {
  await svc?.close();
});

/** Calls the look-up as the cart service does. */
const lookup = (body: unknown, token: string | null = TOKEN) =>
  new TestHttpClient(`${svc.url}/internal/v1`, { token: token ?? undefined }).call('POST', '/products/lookup', body);

async function createProduct(overrides: Record<string, unknown> = {}) {
  const res = await svc.as('admin').post('/api/v1/admin/product/create', productPayload(overrides));
  if (res.status !== 201) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body.product as { _id: string; name: string };
}

describe('POST /internal/v1/products/lookup', () => {
  test('answers the products it has, as GET /product/:id shows them, and leaves unknown ids out', async () => {
    const a = await createProduct({ name: 'Copper Bottle', price: 349, stock: 4 });
    const b = await createProduct({ name: 'Linen Shirt', category: 10, subcat: 'shirts', price: 799.5, size: ['S', 'M'], stockDetail: { S: 5, M: 3 } });
    const res = await lookup({ ids: [a._id.toUpperCase(), randomUUID(), b._id, a._id] });
    expect(res.status).toBe(200);
    const byId = new Map((res.body.products as Array<{ _id: string }>).map((p) => [p._id, p]));
    expect([...byId.keys()].sort()).toEqual([a._id, b._id].sort());
    const shown = (await svc.visitor.get(`/api/v1/product/${b._id}`)).body.product;
    expect(byId.get(b._id)).toMatchObject({ name: 'Linen Shirt', price: shown.price, size: shown.size, stock: shown.stock, stockDetail: shown.stockDetail });
    expect(byId.get(a._id)).toMatchObject({ name: 'Copper Bottle', price: 349, stock: 4 });
  });

  test('needs the internal token: without it or with another one it is a 401', async () => {
    expect((await lookup({ ids: [randomUUID()] }, null)).status).toBe(401);
    expect((await lookup({ ids: [randomUUID()] }, 'not-the-token-at-all-0123456789')).status).toBe(401);
  });

  test.each<[string, unknown, string]>([
    ['no ids', { ids: [] }, 'ids must be a list of product ids'],
    ['ids that are not a list', { ids: 'all' }, 'ids must be a list of product ids'],
    ['a malformed id', { ids: ['x'] }, 'Invalid product ID'],
    ['too many ids', { ids: Array.from({ length: MAX_PRODUCT_LOOKUP_IDS + 1 }, () => randomUUID()) }, `At most ${MAX_PRODUCT_LOOKUP_IDS} product ids can be looked up at once`],
  ])('%s is a 400 with a message', async (_case, body, message) => {
    const res = await lookup(body);
    expect(res).toEqual({ status: 400, body: { success: false, message } });
  });
});
