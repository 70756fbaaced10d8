import { productPayload, startCatalogService, type CatalogTestService } from '../testing/catalog-test-service';

// A service of its own: these tests change the GST rate table.
let service: CatalogTestService;

beforeAll(async () => {
  service = await startCatalogService();
});
afterAll(async () => {
  await service?.close();
});

interface RateView {
  id: string;
  hsnPrefix: string;
  upTo: number | null;
  rate: number;
  description: string;
}

const RATES = `query { gstRates { id hsnPrefix upTo rate description } }`;
const UPDATE = `mutation($id: ID!, $input: GstRateInput!) { updateGstRate(id: $id, input: $input) { success rate { id hsnPrefix upTo rate } } }`;
const PRODUCT = `query($id: ID!) { product(id: $id) { hsnCode gstRate price } }`;

const restProduct = async (id: string) => (await service.visitor.get(`/api/v1/product/${id}`)).body.product as { hsnCode: string; gstRate: number; price: number };

describe('GST rates by HSN (decision 0046)', () => {
  test('the table is seeded with the GST 2.0 slabs; emp reads it by REST and GraphQL alike but may not change it', async () => {
    const emp = service.as('emp');
    const rest = await emp.get('/api/v1/admin/gst-rates');
    expect(rest.status).toBe(200);
    const rates = rest.body.rates as RateView[];
    const find = (prefix: string, upTo: number | null) => rates.find((r) => r.hsnPrefix === prefix && r.upTo === upTo);
    expect(find('61', 2500)).toMatchObject({ rate: 5 });
    expect(find('61', null)).toMatchObject({ rate: 18 });
    expect(find('4901', null)).toMatchObject({ rate: 0 });
    expect(find('4820', null)).toMatchObject({ rate: 0 });
    expect(find('7113', null)).toMatchObject({ rate: 3 });
    expect(find('9102', null)).toMatchObject({ rate: 18 });
    const gql = await emp.graphql(RATES);
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.gstRates).toEqual(rates.map(({ id, hsnPrefix, upTo, rate, description }) => ({ id, hsnPrefix, upTo, rate, description })));

    const watch = find('9102', null)!;
    const refused = await emp.put(`/api/v1/admin/gst-rates/${watch.id}`, { rate: 5 });
    expect(refused.status).toBe(403);
    expect((await emp.post('/api/v1/admin/gst-rates', { hsnPrefix: '9999', rate: 5 })).status).toBe(403);
    expect((await emp.delete(`/api/v1/admin/gst-rates/${watch.id}`)).status).toBe(403);
    const gqlRefused = await emp.graphql(UPDATE, { id: watch.id, input: { rate: 5 } });
    expect(gqlRefused.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await service.as('user').get('/api/v1/admin/gst-rates')).status).toBe(403);
    expect((await service.visitor.get('/api/v1/admin/gst-rates')).status).toBe(401);
    // Nothing changed.
    expect(((await emp.get('/api/v1/admin/gst-rates')).body.rates as RateView[]).find((r) => r.id === watch.id)).toMatchObject({ rate: 18 });
  });

  test('a product is taxed by its HSN and price: apparel 5% up to ₹2,500 a piece before tax, 18% above; REST and GraphQL agree', async () => {
    const admin = service.as('admin');
    const tee = (await admin.post('/api/v1/admin/product/create', productPayload({ name: 'Round Neck Tee', category: 10, subcat: 'tshirts', price: 349, hsnCode: '6109' }))).body.product;
    const jacket = (await admin.post('/api/v1/admin/product/create', productPayload({ name: 'Wool Blazer', category: 10, subcat: 'tshirts', price: 2999, hsnCode: '62033100' }))).body.product;
    const book = (await admin.post('/api/v1/admin/product/create', productPayload({ name: 'Godaan', price: 299, hsnCode: ' 4901 ' }))).body.product;
    expect([tee.hsnCode, jacket.hsnCode, book.hsnCode]).toEqual(['6109', '62033100', '4901']);
    expect((await restProduct(tee._id)).gstRate).toBe(5);
    expect((await restProduct(jacket._id)).gstRate).toBe(18);
    expect((await restProduct(book._id)).gstRate).toBe(0);
    for (const p of [tee, jacket, book]) {
      const gql = await service.visitor.graphql(PRODUCT, { id: p._id });
      const rest = await restProduct(p._id);
      expect(gql.body.data.product).toEqual({ hsnCode: rest.hsnCode, gstRate: rest.gstRate, price: rest.price });
    }
    // Without a code, the category's default: kitchenware.
    const pot = (await admin.post('/api/v1/admin/product/create', productPayload({ name: 'Steel Pot' }))).body.product;
    expect(pot.hsnCode).toBe('7323');
    // Staff correct it; blank goes back to the default.
    expect((await admin.put(`/api/v1/admin/product/${pot._id}`, { hsnCode: '73239310' })).body.product.hsnCode).toBe('73239310');
    expect((await admin.put(`/api/v1/admin/product/${pot._id}`, { hsnCode: '' })).body.product.hsnCode).toBe('7323');
  });

  test('a bad HSN code or rate is a 400 saying why, by REST and GraphQL; nothing is written', async () => {
    const admin = service.as('admin');
    for (const hsnCode of ['610', '61091', 'abcd', '6109100000', 42]) {
      const res = await admin.post('/api/v1/admin/product/create', productPayload({ hsnCode }));
      expect({ hsnCode, status: res.status, message: res.body.message }).toEqual({ hsnCode, status: 400, message: 'HSN code must be 4, 6 or 8 digits' });
    }
    for (const body of [{ hsnPrefix: '12a4', rate: 5 }, { hsnPrefix: '1234', rate: 12 }, { hsnPrefix: '1234', rate: 5, upTo: -5 }, { hsnPrefix: '1234' }]) {
      const res = await admin.post('/api/v1/admin/gst-rates', body);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    // The product's code by GraphQL too (the staff form's way).
    const create = `mutation($i: ProductInput!) { createProduct(input: $i) { product { hsnCode gstRate } } }`;
    const input = (hsnCode: string) => {
      const { id, ...rest } = productPayload({ hsnCode });
      return { ...rest, category: 'home-kitchen', code: id };
    };
    expect((await admin.graphql(create, { i: input('610') })).body.errors?.[0]).toMatchObject({ message: 'HSN code must be 4, 6 or 8 digits', extensions: { code: 'BAD_USER_INPUT' } });
    expect((await admin.graphql(create, { i: input('4901') })).body.data.createProduct.product).toEqual({ hsnCode: '4901', gstRate: 0 });
    const gql = await admin.graphql(`mutation($input: GstRateInput!) { createGstRate(input: $input) { success } }`, { input: { hsnPrefix: '1234', rate: 12 } });
    expect(gql.body.errors?.[0]).toMatchObject({ message: 'GST rate must be one of 0, 0.25, 1.5, 3, 5, 18 or 40 percent', extensions: { code: 'BAD_USER_INPUT' } });
    expect((await admin.put('/api/v1/admin/gst-rates/not-an-id', { rate: 5 })).status).toBe(400);
    expect((await admin.put('/api/v1/admin/gst-rates/00000000-0000-4000-8000-000000000000', { rate: 5 })).status).toBe(404);
    expect(((await admin.get('/api/v1/admin/gst-rates')).body.rates as RateView[]).some((r) => r.hsnPrefix === '1234')).toBe(false);
  });

  test('an admin adds, changes and removes a rate; products under it follow at once, a duplicate is a 409', async () => {
    const admin = service.as('admin');
    const frame = (await admin.post('/api/v1/admin/product/create', productPayload({ name: 'Teak Photo Frame', price: 599, hsnCode: '44140000' }))).body.product;
    expect((await restProduct(frame._id)).gstRate).toBe(5); // 4414 is seeded at 5%
    const made = await admin.post('/api/v1/admin/gst-rates', { hsnPrefix: '44140000', rate: 18, description: 'Test: frames of other wood' });
    expect(made.status).toBe(201);
    expect(made.body.rate).toMatchObject({ hsnPrefix: '44140000', upTo: null, rate: 18 });
    expect((await restProduct(frame._id)).gstRate).toBe(18); // the longer prefix wins
    expect((await admin.post('/api/v1/admin/gst-rates', { hsnPrefix: '44140000', rate: 5 })).status).toBe(409);
    const changed = await admin.graphql(UPDATE, { id: made.body.rate.id, input: { rate: 40 } });
    expect(changed.body.data.updateGstRate.rate).toMatchObject({ rate: 40 });
    expect((await restProduct(frame._id)).gstRate).toBe(40);
    expect((await admin.delete(`/api/v1/admin/gst-rates/${made.body.rate.id}`)).status).toBe(200);
    expect((await restProduct(frame._id)).gstRate).toBe(5);
  });
});
