import { CACHE_TAGS_HEADER } from '@shop/platform';
import { productPayload, startCatalogService, type CatalogTestService } from '../testing/catalog-test-service';

let svc: CatalogTestService;

beforeAll(async () => {
  svc = await startCatalogService();
});
afterAll(async () => {
  await svc?.close();
});

async function create(overrides: Record<string, unknown>) {
  const res = await svc.as('admin').post('/api/v1/admin/product/create', productPayload(overrides));
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.product as { _id: string };
}

const tagsOf = (reply: { headers?: Headers }) => ((reply as { headers: Headers }).headers.get(CACHE_TAGS_HEADER) ?? '').split(' ');

describe('public answers name the products they show (for the gateway cache, decision 0031)', () => {
  test('REST: a listing names every product on its page, a detail its product', async () => {
    const a = await create({ name: 'Terracotta Planter', category: 12, subcat: 'pens' });
    const b = await create({ name: 'Terracotta Lamp', category: 12, subcat: 'pens' });
    const listing = await svc.visitor.get('/api/v1/products?category=12&limit=48');
    expect(listing.status).toBe(200);
    const shown = listing.body.products.map((p: { _id: string }) => p._id);
    expect(shown).toEqual(expect.arrayContaining([a._id, b._id]));
    expect(tagsOf(listing)[0]).toBe('catalog');
    expect(tagsOf(listing).slice(1).sort()).toEqual(expect.arrayContaining([...shown].sort()));
    const detail = await svc.visitor.get(`/api/v1/product/${a._id}`);
    expect(tagsOf(detail)).toEqual(expect.arrayContaining(['catalog', a._id]));
    expect(tagsOf(detail)).not.toContain(b._id);
  });

  test('GraphQL: the products a query resolved are named even when it asked for no id', async () => {
    const a = await create({ name: 'Brass Bell', category: 12, subcat: 'pens', stock: 4 });
    const reply = await svc.visitor.post('/graphql', { query: 'query($id: ID!) { product(id: $id) { name stock } }', variables: { id: a._id } });
    expect(reply.body.data.product).toEqual({ name: 'Brass Bell', stock: 4 });
    expect(tagsOf(reply)).toEqual(['catalog', a._id]);
    const categories = await svc.visitor.post('/graphql', { query: '{ __typename }' });
    expect(tagsOf(categories)).toEqual(['catalog']);
  });
});
