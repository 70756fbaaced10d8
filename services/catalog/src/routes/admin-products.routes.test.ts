import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { productPayload, startCatalogService, type CatalogTestClient, type CatalogTestService } from '../testing/catalog-test-service';

let service: CatalogTestService;
let admin: CatalogTestClient;

const CREATE = '/api/v1/admin/product/create';

beforeAll(async () => {
  service = await startCatalogService();
  admin = service.as('admin');
});
afterAll(async () => {
  await service?.close();
});

async function created(overrides: Record<string, unknown> = {}) {
  const res = await admin.post(CREATE, productPayload(overrides));
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.product;
}

describe('staff only', () => {
  it('refuses a visitor with 401 and a shopper with 403', async () => {
    expect((await service.visitor.post(CREATE, productPayload())).status).toBe(401);
    expect((await service.as('user').post(CREATE, productPayload())).status).toBe(403);
    expect((await service.as('user').get('/api/v1/admin/products')).status).toBe(403);
    expect((await service.as('user').delete(`/api/v1/admin/product/${randomUUID()}`)).status).toBe(403);
    expect((await service.as('user').get(`/api/v1/admin/reviews?id=${randomUUID()}`)).status).toBe(403);
  });

  it('lets an employee create a product', async () => {
    const res = await service.as('emp').post(CREATE, productPayload({ name: 'Emp Made Kadai' }));
    expect(res).toMatchObject({ status: 201, body: { success: true, message: 'Product Created successfully', product: { name: 'Emp Made Kadai' } } });
  });
});

describe('POST /api/v1/admin/product/create', () => {
  it('creates the product with the spec fields, money in rupees', async () => {
    const payload = productPayload({ price: 1299.5, discount: 20, tags: [0, 'trending'], badge: 'New', image: ['/media/0123456789abcdef0123456789abcdef/detail.webp'], colors: ['red'] });
    const res = await admin.post(CREATE, payload);
    expect(res.status).toBe(201);
    expect(res.body.product).toMatchObject({
      id: payload.id,
      name: payload.name,
      price: 1299.5,
      oldPrice: 1624,
      discount: 20,
      category: 1,
      categoryName: 'Home & Kitchen',
      subcat: 'cookware',
      stock: 10,
      tags: ['popular', 'trending'],
      badge: 'New',
      colors: ['Red'],
      rating: 0,
      reviews: 0,
    });
  });

  it.each([
    [{ name: '' }, 'Please enter the product name'],
    [{ id: undefined }, 'Please enter the product ID'],
    [{ price: '' }, 'Please enter the price'],
    [{ description: '   ' }, 'Please enter the product description'],
    [{ category: undefined }, 'Please select a category'],
    [{ stock: undefined }, 'Please enter the stock'],
    [{ subcat: undefined }, 'Please select a subcategory'],
    [{ subcat: 'sarees' }, 'This subcategory does not belong to the chosen category'],
    [{ category: 42 }, 'Unknown category: 42'],
    [{ price: -5 }, 'Price must be a number more than 0 and at most 1000000'],
    [{ stock: -1 }, 'Stock must be a whole number, 0 or more'],
    [{ discount: 95 }, 'Discount must be a whole number from 0 to 90'],
    [{ tags: ['cheapest'] }, 'Unknown tag: cheapest'],
    [{ colors: ['Sparkly'] }, 'Unknown colour: Sparkly'],
  ])('refuses %j with the message %j', async (overrides, message) => {
    const res = await admin.post(CREATE, productPayload(overrides));
    expect(res).toMatchObject({ status: 400, body: { success: false, message } });
  });

  it('refuses a sixth image', async () => {
    const image = Array.from({ length: 6 }, (_, i) => `/media/0123456789abcdef0123456789abcde${i}/detail.webp`);
    const res = await admin.post(CREATE, productPayload({ image }));
    expect(res).toMatchObject({ status: 400, body: { message: 'You can only upload a maximum of 5 images.' } });
  });

  it('refuses a product code that exists, whatever its case, with 409', async () => {
    const first = await created();
    const res = await admin.post(CREATE, productPayload({ id: first.id.toLowerCase() }));
    expect(res).toMatchObject({ status: 409, body: { success: false, message: 'A product with this ID already exists' } });
  });

  it('refuses a size outside the category’s size set', async () => {
    const res = await admin.post(CREATE, productPayload({ category: 'footwear', subcat: 'sandals', size: ['XL'], stockDetail: { XL: 2 } }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Size XL is not offered in Footwear/);
  });

  it('refuses colours in a category without them', async () => {
    const res = await admin.post(CREATE, productPayload({ category: 2, subcat: 'cosmetics', colors: ['Red'] }));
    expect(res).toMatchObject({ status: 400, body: { message: 'This category does not offer colours' } });
  });

  it('refuses a negative or fractional per-size stock and stock for a size not chosen', async () => {
    const base = { category: 'men', subcat: 'shirts', size: ['M', 'L'] };
    expect((await admin.post(CREATE, productPayload({ ...base, stockDetail: { M: -1 } }))).body.message).toBe('Stock for size M must be a whole number, 0 or more');
    expect((await admin.post(CREATE, productPayload({ ...base, stockDetail: { M: 1.5 } }))).status).toBe(400);
    expect((await admin.post(CREATE, productPayload({ ...base, stockDetail: { XL: 3 } }))).body.message).toBe('Stock is given for size XL, which is not selected');
  });

  it('makes the total stock the sum per size, a size without an entry counting 0', async () => {
    const product = await created({ category: 'men', subcat: 'shirts', size: ['L', 'M', 'S'], stockDetail: { S: 2, M: 5 }, stock: 999 });
    expect(product).toMatchObject({ size: ['S', 'M', 'L'], stock: 7, stockDetail: { S: 2, M: 5, L: 0 } });
  });

  it('writes none of the server’s fields sent in the body (no mass assignment)', async () => {
    const forged = randomUUID();
    const res = await admin.post(CREATE, productPayload({ _id: forged, rating: 5, reviews: 999, numOfReviews: 999, oldPrice: 99999, createdAt: '2000-01-01T00:00:00Z' }));
    expect(res.status).toBe(201);
    expect(res.body.product).toMatchObject({ rating: 0, reviews: 0, numOfReviews: 0, oldPrice: 499 });
    expect(res.body.product._id).not.toBe(forged);
    expect(res.body.product.createdAt.startsWith('2000')).toBe(false);
    const [row] = await service.rows<{ rating: string; review_count: number }>(sql`select rating, review_count from catalog.products where id = ${res.body.product._id}`);
    expect({ rating: Number(row.rating), count: row.review_count }).toEqual({ rating: 0, count: 0 });
  });

  it('puts percent-off tags in step with the discount', async () => {
    expect((await created({ discount: 45, tags: ['50percentOff'] })).tags).toEqual(['30percentOff', '40percentOff']);
  });

  it('writes ProductChanged to the outbox with the product', async () => {
    const product = await created({ category: 'men', subcat: 'tshirts', price: 349.5, discount: 10, size: ['M'], stockDetail: { M: 4 }, image: ['/media/0123456789abcdef0123456789abcdef/detail.webp'] });
    const rows = await service.rows<{ payload: Record<string, unknown> }>(sql`select payload from catalog.outbox where type = 'ProductChanged' and payload->>'productId' = ${product._id}`);
    expect(rows.map((r) => r.payload)).toEqual([
      {
        productId: product._id,
        code: product.id,
        name: product.name,
        price: 34950,
        discount: 10,
        stock: 4,
        stockDetail: { M: 4 },
        image: '/media/0123456789abcdef0123456789abcdef/detail.webp',
      },
    ]);
  });
});

describe('PUT /api/v1/admin/product/:id', () => {
  it('changes the given fields, keeps the rest and the code', async () => {
    const product = await created({ discount: 10 });
    const res = await admin.put(`/api/v1/admin/product/${product._id}`, { name: 'Renamed Tiffin', price: '650', discount: '25%', id: 'OTHER-CODE', rating: 5 });
    expect(res).toMatchObject({ status: 200, body: { success: true, message: 'Product updated successfully!' } });
    expect(res.body.product).toMatchObject({ id: product.id, name: 'Renamed Tiffin', price: 650, discount: 25, oldPrice: 867, description: product.description, rating: 0 });
    const changes = await service.rows(sql`select 1 from catalog.outbox where type = 'ProductChanged' and payload->>'productId' = ${product._id}`);
    expect(changes).toHaveLength(2);
  });

  it('refuses a required field sent blank', async () => {
    const product = await created();
    expect(await admin.put(`/api/v1/admin/product/${product._id}`, { name: '  ' })).toMatchObject({ status: 400, body: { message: 'Please enter the product name' } });
  });

  it('drops the sizes a new category does not offer and asks for its subcategory', async () => {
    const shirt = await created({ category: 'men', subcat: 'shirts', size: ['M', 'L'], stockDetail: { M: 2, L: 1 }, colors: ['Black'] });
    expect(await admin.put(`/api/v1/admin/product/${shirt._id}`, { category: 2 })).toMatchObject({ status: 400, body: { message: 'Please select a subcategory' } });
    const res = await admin.put(`/api/v1/admin/product/${shirt._id}`, { category: 2, subcat: 'personal_care', stock: 6 });
    expect(res.body.product).toMatchObject({ category: 2, subcat: 'personal_care', size: [], colors: [], stockDetail: {}, stock: 6 });
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect(await admin.put('/api/v1/admin/product/abc', { name: 'x' })).toMatchObject({ status: 400, body: { message: 'Invalid product ID' } });
    expect(await admin.put(`/api/v1/admin/product/${randomUUID()}`, { name: 'x' })).toMatchObject({ status: 404, body: { message: 'Product not found' } });
  });
});

describe('DELETE /api/v1/admin/product/:id', () => {
  it('deletes the product, says so and writes ProductDeleted', async () => {
    const product = await created();
    expect(await admin.delete(`/api/v1/admin/product/${product._id}`)).toMatchObject({ status: 200, body: { success: true, message: 'Product deleted successfully' } });
    expect((await service.visitor.get(`/api/v1/product/${product._id}`)).status).toBe(404);
    const events = await service.rows<{ payload: unknown }>(sql`select payload from catalog.outbox where type = 'ProductDeleted' and payload->>'productId' = ${product._id}`);
    expect(events.map((e) => e.payload)).toEqual([{ productId: product._id }]);
    expect((await admin.delete(`/api/v1/admin/product/${product._id}`)).status).toBe(404);
  });
});

describe('GET /api/v1/admin/products', () => {
  it('pages every product, newest first, and finds by name or code', async () => {
    const mine = await created({ name: 'Brass Handi Unique' });
    const res = await admin.get('/api/v1/admin/products?limit=2');
    expect(res.body).toMatchObject({ success: true, resultsPerPage: 2, currentPage: 1 });
    expect(res.body.productCount).toBeGreaterThan(2);
    expect(res.body.products[0]._id).toBe(mine._id);
    const found = await admin.get(`/api/v1/admin/products?q=${encodeURIComponent(mine.id)}`);
    expect(found.body.products.map((p: any) => p._id)).toEqual([mine._id]);
  });
});

describe('reviews administration', () => {
  it('lists a product’s reviews and deletes one, recounting the rating', async () => {
    const product = await created();
    await service.as('user').put('/api/v1/review', { productId: product._id, rating: 5, comment: 'Great' });
    await service.as('user').put('/api/v1/review', { productId: product._id, rating: 2, comment: 'Meh' });
    const list = await admin.get(`/api/v1/admin/reviews?id=${product._id}`);
    expect(list.body.reviews).toHaveLength(2);
    const low = list.body.reviews.find((r: any) => r.rating === 2);
    expect(await admin.delete(`/api/v1/admin/reviews?productId=${product._id}&id=${low._id}`)).toMatchObject({ status: 200, body: { success: true, message: 'Review deleted successfully' } });
    expect((await service.visitor.get(`/api/v1/product/${product._id}`)).body.product).toMatchObject({ rating: 5, reviews: 1 });
    expect((await admin.delete(`/api/v1/admin/reviews?productId=${product._id}&id=${low._id}`)).status).toBe(404);
  });

  it('answers 400 for missing or malformed ids', async () => {
    // Without `id` the path is the moderation list of every review (admin-reviews.routes.test.ts).
    expect(await admin.get('/api/v1/admin/reviews?id=')).toMatchObject({ status: 400, body: { message: 'Invalid product ID' } });
    expect(await admin.get('/api/v1/admin/reviews?id=x')).toMatchObject({ status: 400, body: { message: 'Invalid product ID' } });
    expect(await admin.delete(`/api/v1/admin/reviews?productId=${randomUUID()}&id=x`)).toMatchObject({ status: 400, body: { message: 'Invalid review ID' } });
  });
});

describe('pictures per colour', () => {
  const RED = ['/media/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa/detail.webp', '/media/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb/detail.webp'];
  const BLUE = ['/media/cccccccccccccccccccccccccccccccc/detail.webp'];

  it('stores pictures per offered colour, answers them (REST map, card thumbnails; GraphQL list) and drops those of a colour no longer offered', async () => {
    const shirt = await created({ category: 'men', subcat: 'shirts', colors: ['Red', 'Blue'], colorImages: { red: RED, Blue: BLUE } });
    expect(shirt.colorImages).toEqual({ Red: RED, Blue: BLUE });
    expect(shirt.colorThumbnails).toEqual({ Red: RED[0]!.replace('detail.webp', 'card.webp'), Blue: BLUE[0]!.replace('detail.webp', 'card.webp') });

    const read = await service.visitor.graphql(`query($id: ID!) { product(id: $id) { colorImages { color images } } }`, { id: shirt._id });
    expect(read.body.data.product.colorImages).toEqual([{ color: 'Red', images: RED }, { color: 'Blue', images: BLUE }]);

    const updated = await admin.put(`/api/v1/admin/product/${shirt._id}`, { colors: ['Red'] });
    expect(updated.status).toBe(200);
    expect(updated.body.product.colorImages).toEqual({ Red: RED });
    const cleared = await admin.put(`/api/v1/admin/product/${shirt._id}`, { colorImages: null });
    expect(cleared.body.product.colorImages).toEqual({});
  });

  it.each([
    [{ colors: ['Red'], colorImages: { Blue: BLUE } }, 'Pictures are given for a colour the product does not offer'],
    [{ colors: ['Red'], colorImages: { Sparkly: BLUE } }, 'Unknown colour: Sparkly'],
    [{ colors: ['Red'], colorImages: { Red: ['ftp://x'] } }, 'Images must be uploaded image URLs (/media/… or https://…)'],
    [{ colors: ['Red'], colorImages: { Red: [...RED, ...RED, ...RED] } }, 'You can only upload a maximum of 5 images.'],
    [{ colors: ['Red'], colorImages: 'red.png' }, 'Colour pictures must be a list of image URLs per colour'],
  ])('refuses %j with a 400 and writes nothing', async (overrides, message) => {
    const payload = productPayload({ category: 'men', subcat: 'shirts', ...overrides });
    expect(await admin.post(CREATE, payload)).toMatchObject({ status: 400, body: { success: false, message } });
    const [{ n }] = await service.rows<{ n: number }>(sql`select count(*)::int as n from catalog.products where code = ${payload.id}`);
    expect(n).toBe(0);
  });
});

describe("partners' categories and paging", () => {
  it('matches categories and subcategories by key, slug or name, ignoring case and punctuation, and answers the category key', async () => {
    for (const [category, subcat] of [
      ['home&kitchen', 'homeDecor'],
      ['Home & Kitchen', 'Home Decor'],
      ['HOME-KITCHEN', 'home-decor'],
      [1, 'home_decor'],
    ] as const) {
      const product = await created({ category, subcat });
      expect({ category: product.category, categoryKey: product.categoryKey, subcat: product.subcat }).toEqual({ category: 1, categoryKey: 'home-kitchen', subcat: 'home_decor' });
    }
    const moved = await created({ category: 'home-kitchen', subcat: 'cookware' });
    const updated = await admin.put(`/api/v1/admin/product/${moved._id}`, { category: 'Home&Kitchen', subcat: 'BedSheets' });
    expect(updated.status).toBe(200);
    expect(updated.body.product).toMatchObject({ categoryKey: 'home-kitchen', subcat: 'bed_sheet' });

    const refused = await admin.post(CREATE, productPayload({ category: 'home&kitchen', subcat: 'garden gnomes' }));
    expect(refused.status).toBe(400);

    const listed = await service.visitor.get('/api/v1/products?category=Home%20%26%20Kitchen&subcat=homeDecor&limit=48');
    expect(listed.status).toBe(200);
    expect(listed.body.products.length).toBeGreaterThanOrEqual(4);
    expect(listed.body.products.every((p: { subcat: string }) => p.subcat === 'home_decor')).toBe(true);
  });

  it('pages GET /admin/products to the end with page and pageSize, at most 100 a page', async () => {
    for (let i = 0; i < 5; i += 1) await created();
    const total = (await admin.get('/api/v1/admin/products?pageSize=1')).body.productCount as number;
    expect(total).toBeGreaterThanOrEqual(5);
    const pageSize = 2;
    const first = await admin.get(`/api/v1/admin/products?page=1&pageSize=${pageSize}`);
    expect(first.body).toMatchObject({ resultsPerPage: pageSize, totalPages: Math.ceil(total / pageSize), currentPage: 1 });
    const ids = new Set<string>();
    for (let page = 1; page <= first.body.totalPages; page += 1) {
      for (const p of (await admin.get(`/api/v1/admin/products?page=${page}&pageSize=${pageSize}`)).body.products) ids.add(p._id);
    }
    expect(ids.size).toBe(total);

    const all = await admin.get('/api/v1/admin/products?pageSize=100');
    expect(all.body.products).toHaveLength(Math.min(total, 100));
    const tooBig = await admin.get('/api/v1/admin/products?pageSize=101');
    expect(tooBig).toEqual({ status: 400, body: { success: false, message: 'limit (or pageSize) must be a whole number from 1 to 100' } });

    const gql = await admin.graphql(`{ adminProducts(page: 1, pageSize: ${pageSize}) { products { id } totalPages } }`);
    expect(gql.body.data.adminProducts).toMatchObject({ totalPages: Math.ceil(total / pageSize) });
    expect(gql.body.data.adminProducts.products).toHaveLength(pageSize);
    const gqlTooBig = await admin.graphql('{ adminProducts(pageSize: 500) { totalPages } }');
    expect(gqlTooBig.body.errors?.[0]?.message).toBe('limit (or pageSize) must be a whole number from 1 to 100');
  });
});
