import { productPayload, startCatalogService, type CatalogTestService } from '../testing/catalog-test-service';

let service: CatalogTestService;
const ids: Record<string, string> = {};

beforeAll(async () => {
  service = await startCatalogService({ lowStockThreshold: 3 });
  const admin = service.as('admin');
  const make = async (key: string, overrides: Record<string, unknown>) => {
    const res = await admin.post('/api/v1/admin/product/create', productPayload({ name: key, ...overrides }));
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    ids[key] = res.body.product._id;
  };
  await make('Plenty Lamp', { stock: 40 });
  await make('Last Two Lamps', { stock: 2 });
  await make('Three Left Lamp', { stock: 3 });
  await make('Sold Out Lamp', { stock: 0 });
  await make('Tee Small Running Out', { category: 'men', subcat: 'tshirts', size: ['S', 'M'], stockDetail: { S: 1, M: 30 } });
  await make('Tee Plenty', { category: 'men', subcat: 'tshirts', size: ['S', 'M'], stockDetail: { S: 10, M: 30 } });
});
afterAll(async () => {
  await service?.close();
});

describe('GET /api/v1/admin/products/low-stock', () => {
  test('products and sizes at or under the threshold, fewest first; the rest are not listed', async () => {
    const res = await service.as('emp').get('/api/v1/admin/products/low-stock');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, threshold: 3, totalProducts: 4, totalPages: 1, currentPage: 1 });
    expect(res.body.products.map((p: any) => [p.name, p.stock, p.lowSizes])).toEqual([
      ['Sold Out Lamp', 0, []],
      ['Tee Small Running Out', 31, [{ size: 'S', stock: 1 }]],
      ['Last Two Lamps', 2, []],
      ['Three Left Lamp', 3, []],
    ]);
  });

  test('a product sold down joins the list', async () => {
    await service.as('admin').put(`/api/v1/admin/product/${ids['Plenty Lamp']}`, { stock: 1 });
    const names = (await service.as('admin').get('/api/v1/admin/products/low-stock?limit=100')).body.products.map((p: any) => p.name);
    expect(names).toContain('Plenty Lamp');
    expect(names).not.toContain('Tee Plenty');
  });

  test('staff only; bad paging is a 400', async () => {
    expect((await service.as('user').get('/api/v1/admin/products/low-stock')).status).toBe(403);
    expect((await service.visitor.get('/api/v1/admin/products/low-stock')).status).toBe(401);
    expect((await service.as('emp').get('/api/v1/admin/products/low-stock?page=0')).status).toBe(400);
    expect((await service.as('emp').get('/api/v1/admin/products/low-stock?limit=1000')).status).toBe(400);
    const paged = await service.as('emp').get('/api/v1/admin/products/low-stock?limit=2&page=2');
    expect(paged.body).toMatchObject({ currentPage: 2, totalPages: 3 });
    expect(paged.body.products).toHaveLength(2);
  });

  test('GraphQL adminLowStock: the same list for staff; FORBIDDEN for a shopper; bad paging BAD_USER_INPUT', async () => {
    const query = `query($l: Int) { adminLowStock(limit: $l) { threshold total products { name lowSizes { size stock } } } }`;
    const res = await service.as('emp').graphql(query, { l: 100 });
    expect(res.body.data.adminLowStock).toMatchObject({ threshold: 3, total: 5 });
    expect(res.body.data.adminLowStock.products.find((p: any) => p.name === 'Tee Small Running Out')).toEqual({ name: 'Tee Small Running Out', lowSizes: [{ size: 'S', stock: 1 }] });
    expect((await service.as('user').graphql(query, { l: 10 })).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await service.as('admin').graphql(query, { l: 0 })).body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
