import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { productPayload, startCatalogService, type CatalogTestClient, type CatalogTestService } from '../testing/catalog-test-service';

let service: CatalogTestService;
let admin: CatalogTestClient;
const ids: Record<string, string> = {};

const PRODUCT_FIELDS = `id _id code name price oldPrice discount image thumbnail size colors stock stockDetail { size stock } rating reviews badge tags
  category { id index name str } subcat { id str name }`;

async function create(overrides: Record<string, unknown>) {
  const res = await admin.post('/api/v1/admin/product/create', productPayload(overrides));
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.product._id as string;
}

beforeAll(async () => {
  service = await startCatalogService();
  admin = service.as('admin');
  ids.watch1 = await create({ name: 'Analog Watch', category: 6, subcat: 'watches', price: 1199, discount: 30, colors: ['Black', 'Silver'] });
  ids.watch2 = await create({ name: 'Smart Watch', category: 6, subcat: 'smart_watches', price: 2499, tags: ['bestDeals'] });
  ids.watch3 = await create({ name: 'Pocket Watch', category: 6, subcat: 'watches', price: 749 });
  ids.bag = await create({ name: 'Laptop Backpack', category: 4, subcat: 'backpacks', price: 1299 });
});
afterAll(async () => {
  await service?.close();
});

describe('catalog queries', () => {
  it('lists the categories with sizes and counts, and finds one by index or slug', async () => {
    const res = await service.visitor.graphql(`{ categories { index name sizeSet sizeOptions productCount subcategories { id str } }
      byIndex: category(key: "6") { name productCount } bySlug: category(key: "watches") { name } unknown: category(key: "99") { name }
      colorPalette { name hex } }`);
    expect(res.body.errors).toBeUndefined();
    const data = res.body.data;
    expect(data.categories).toHaveLength(16);
    expect(data.categories[11]).toMatchObject({ name: 'Women', sizeSet: 'letters', sizeOptions: ['S', 'M', 'L', 'XL', 'XXL', 'XXXL'] });
    expect(data.categories[11].subcategories[0]).toEqual({ id: '12-1', str: 'ladies_kurti' });
    expect(data.byIndex).toEqual({ name: 'Watches', productCount: 3 });
    expect(data.bySlug.name).toBe('Watches');
    expect(data.unknown).toBeNull();
    expect(data.colorPalette.length).toBeGreaterThanOrEqual(45);
  });

  it('lists with the same filters and paging as REST', async () => {
    const res = await service.visitor.graphql(
      `query($f: ProductFilter) { products(filter: $f, page: 1, limit: 2) { productCount resultsPerPage totalPages currentPage products { name price } } }`,
      { f: { category: 'watches', price: 'from500to1000', sort: 'priceLowToHigh' } },
    );
    expect(res.body.data.products).toEqual({ productCount: 1, resultsPerPage: 2, totalPages: 1, currentPage: 1, products: [{ name: 'Pocket Watch', price: 749 }] });
  });

  it('answers the last page GraphQL can ask for as an empty page with the real totals', async () => {
    const res = await service.visitor.graphql('{ products(filter: { category: "watches" }, page: 2147483647, limit: 48) { productCount currentPage products { name } } }');
    expect(res.body).toEqual({ data: { products: { productCount: 3, currentPage: 2147483647, products: [] } } });
  });

  it('refuses a limit above 48 like REST', async () => {
    const res = await service.visitor.graphql('{ products(limit: 49) { productCount } }');
    expect(res.body.errors?.[0]).toMatchObject({ message: 'limit must be a whole number from 1 to 48', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('lists a tag by index or key', async () => {
    const res = await service.visitor.graphql('{ a: productsByTag(tag: "2") { products { name } } b: productsByTag(tag: "30percentOff") { products { name } } }');
    expect(res.body.data.a.products.map((p: any) => p.name)).toEqual(['Smart Watch']);
    expect(res.body.data.b.products.map((p: any) => p.name)).toEqual(['Analog Watch']);
  });

  it('answers a product with its category, subcategory, stock per size and up to 4 related', async () => {
    const res = await service.visitor.graphql(`query($id: ID!) { product(id: $id) { ${PRODUCT_FIELDS} related { name } myReview { id } } }`, { id: ids.watch1 });
    expect(res.body.data.product).toMatchObject({
      id: ids.watch1,
      _id: ids.watch1,
      name: 'Analog Watch',
      price: 1199,
      oldPrice: 1713,
      discount: 30,
      category: { id: '7', index: 6, name: 'Watches', str: 'watches' },
      subcat: { id: '7-1', str: 'watches', name: 'Analog Watches' },
      thumbnail: null,
      stockDetail: [],
      tags: ['30percentOff'],
      myReview: null,
    });
    expect(res.body.data.product.related.map((p: any) => p.name).sort()).toEqual(['Pocket Watch', 'Smart Watch']);
  });

  it('answers null for an unknown product and BAD_USER_INPUT for a malformed id', async () => {
    const res = await service.visitor.graphql('query($a: ID!) { a: product(id: $a) { id } }', { a: randomUUID() });
    expect(res.body.data.a).toBeNull();
    const bad = await service.visitor.graphql('{ product(id: "nope") { id } }');
    expect(bad.body.errors?.[0]).toMatchObject({ message: 'Invalid product ID', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('resolves Product references for the gateway, unknown ones as null', async () => {
    const res = await service.visitor.graphql(
      `query($r: [_Any!]!) { _entities(representations: $r) { ... on Product { id name } } }`,
      { r: [{ __typename: 'Product', id: ids.bag }, { __typename: 'Product', id: randomUUID() }, { __typename: 'Product', id: ids.watch3 }, { __typename: 'Product', id: 'bad' }] },
    );
    expect(res.body.data._entities).toEqual([{ id: ids.bag, name: 'Laptop Backpack' }, null, { id: ids.watch3, name: 'Pocket Watch' }, null]);
  });

  it('searches with typos', async () => {
    const res = await service.visitor.graphql('{ searchProducts(query: "pockt wach") { products { name } } }');
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.searchProducts.products[0].name).toBe('Pocket Watch');
  });
});

describe('reviews', () => {
  it('upserts the caller’s review and shows it as myReview and in reviewList', async () => {
    const shopper = service.as('user', { name: 'Ravi Shankar Iyer' });
    const upsert = `mutation($p: ID!, $r: Int!, $c: String!) { upsertReview(productId: $p, rating: $r, comment: $c) { success message review { rating userName } product { rating reviews } } }`;
    await shopper.graphql(upsert, { p: ids.watch2, r: 3, c: 'Okay' });
    const res = await shopper.graphql(upsert, { p: ids.watch2, r: 4, c: 'Better after update' });
    expect(res.body.data.upsertReview).toEqual({ success: true, message: 'Review updated successfully', review: { rating: 4, userName: 'Ravi I.' }, product: { rating: 4, reviews: 1 } });
    const read = await shopper.graphql('query($id: ID!) { product(id: $id) { myReview { comment } reviewList { total totalPages currentPage reviews { rating } } } }', { id: ids.watch2 });
    expect(read.body.data.product).toEqual({ myReview: { comment: 'Better after update' }, reviewList: { total: 1, totalPages: 1, currentPage: 1, reviews: [{ rating: 4 }] } });
  });

  it('needs login to review', async () => {
    const res = await service.visitor.graphql(`mutation { upsertReview(productId: "${ids.watch2}", rating: 5, comment: "x") { success } }`);
    expect(res.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('staff mutations', () => {
  const createMutation = `mutation($i: ProductInput!) { createProduct(input: $i) { success message product { id code name price stock stockDetail { size stock } } } }`;
  const input = () => ({ code: `GQ-${randomUUID().slice(0, 8)}`, name: 'Kolhapuri Chappal', price: 499, description: 'Handmade', category: 'footwear', subcat: 'sandals', stock: 0, size: ['7', '8'], stockDetail: [{ size: '7', stock: 2 }, { size: '8', stock: 5 }] });

  it('lets an employee create, update and delete a product', async () => {
    const emp = service.as('emp');
    const created = await emp.graphql(createMutation, { i: input() });
    expect(created.body.data.createProduct).toMatchObject({ success: true, message: 'Product Created successfully', product: { name: 'Kolhapuri Chappal', price: 499, stock: 7 } });
    const id = created.body.data.createProduct.product.id;
    const updated = await emp.graphql(`mutation($id: ID!) { updateProduct(id: $id, input: { price: 549.5, stockDetail: [{ size: "7", stock: 1 }] }) { message product { price stock } } }`, { id });
    expect(updated.body.data.updateProduct).toEqual({ message: 'Product updated successfully!', product: { price: 549.5, stock: 1 } });
    const deleted = await emp.graphql(`mutation($id: ID!) { deleteProduct(id: $id) { success message } }`, { id });
    expect(deleted.body.data.deleteProduct).toEqual({ success: true, message: 'Product deleted successfully' });
  });

  it('refuses a shopper (FORBIDDEN) and a visitor (UNAUTHENTICATED)', async () => {
    expect((await service.as('user').graphql(createMutation, { i: input() })).body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await service.visitor.graphql(createMutation, { i: input() })).body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await service.as('user').graphql('{ adminProducts { productCount } }')).body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('gives the same validation messages as REST', async () => {
    const res = await admin.graphql(createMutation, { i: { ...input(), size: ['XL'], stockDetail: [] } });
    expect(res.body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(res.body.errors?.[0].message).toMatch(/^Size XL is not offered in Footwear/);
  });

  it('lists products and reviews for staff', async () => {
    const res = await admin.graphql(`query($id: ID!) { adminProducts(limit: 2) { productCount resultsPerPage products { id } } adminReviews(productId: $id) { rating } }`, { id: ids.watch2 });
    expect(res.body.data.adminProducts.resultsPerPage).toBe(2);
    expect(res.body.data.adminReviews).toEqual([{ rating: 4 }]);
  });
});

describe('catalogStats', () => {
  const STATS = '{ catalogStats { totalProducts byCategory { key name count } } }';
  const countOf = (stats: any, key: string) => stats.byCategory.find((c: any) => c.key === key)?.count;

  it('is for staff: FORBIDDEN for a shopper, UNAUTHENTICATED for a visitor', async () => {
    expect((await service.as('user').graphql(STATS)).body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await service.visitor.graphql(STATS)).body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('counts every product and each category in index order, empty ones included', async () => {
    const res = await service.as('emp').graphql(STATS);
    expect(res.body.errors).toBeUndefined();
    const stats = res.body.data.catalogStats;
    const [{ n }] = await service.rows<{ n: number }>(sql`select count(*)::int as n from catalog.products`);
    expect(stats.totalProducts).toBe(n);
    expect(stats.byCategory).toHaveLength(16);
    expect(stats.byCategory[0]).toMatchObject({ key: 'kids-toys', name: 'Kids & Toys' });
    expect(stats.byCategory[6]).toEqual({ key: 'watches', name: 'Watches', count: 3 });
    expect(countOf(stats, 'bags')).toBe(1);
    expect(stats.byCategory.reduce((sum: number, c: any) => sum + c.count, 0)).toBe(n);
  });

  it('follows a new product', async () => {
    const before = (await admin.graphql(STATS)).body.data.catalogStats;
    await create({ name: 'Canvas Tote', category: 4, subcat: 'hand_bag', price: 399 });
    const after = (await admin.graphql(STATS)).body.data.catalogStats;
    expect(after.totalProducts).toBe(before.totalProducts + 1);
    expect(countOf(after, 'bags')).toBe(countOf(before, 'bags') + 1);
    expect(countOf(after, 'watches')).toBe(3);
  });
});
