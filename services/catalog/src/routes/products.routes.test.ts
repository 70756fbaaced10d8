import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CATEGORY_DEFINITIONS } from '@shop/proto-contracts';
import { productPayload, startCatalogService, type CatalogTestClient, type CatalogTestService } from '../testing/catalog-test-service';

let service: CatalogTestService;
let admin: CatalogTestClient;
let visitor: CatalogTestClient;

/** Stationery (index 12) holds the price-band fixtures; nothing else is put there. */
const STATIONARY = 12;
const fixtures: Record<string, any> = {};

async function create(overrides: Record<string, unknown>) {
  const res = await admin.post('/api/v1/admin/product/create', productPayload(overrides));
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.product;
}

const names = (body: { products: Array<{ name: string }> }) => body.products.map((p) => p.name).sort();

beforeAll(async () => {
  service = await startCatalogService();
  admin = service.as('admin');
  visitor = service.visitor;
  const pen = { category: STATIONARY, subcat: 'pens' };
  fixtures.p499 = await create({ ...pen, name: 'Pen 499', price: 499, stock: 0 });
  fixtures.p49999 = await create({ ...pen, name: 'Pen 499.99', price: 499.99, discount: 10 });
  fixtures.p500 = await create({ ...pen, name: 'Pen 500', price: 500, discount: 0 });
  fixtures.p1000 = await create({ ...pen, name: 'Pen 1000', price: 1000, discount: 35 });
  fixtures.p100001 = await create({ ...pen, name: 'Pen 1000.01', price: 1000.01, stock: 0 });
  fixtures.p1001 = await create({ ...pen, name: 'Pen 1001', price: 1001, subcat: 'notebooks', discount: 55 });
  // Creation order is not a clock: give each a distinct, known age for sort=newest.
  const ages = ['p499', 'p49999', 'p500', 'p1000', 'p100001', 'p1001'];
  for (const [i, key] of ages.entries()) {
    await service.rows(sql`update catalog.products set created_at = now() - ${`${10 - i} days`}::interval where id = ${fixtures[key]._id}`);
  }
  fixtures.wallet = await create({ name: 'Leather Wallet', category: 3, subcat: 'wallets_belts', price: 799, colors: ['Brown'] });
  fixtures.belt = await create({ name: 'Leather Belt', category: 3, subcat: 'wallets_belts', price: 649 });
  fixtures.book = await create({ name: 'Let Her Walk Alone', category: 8, subcat: 'novel_books', price: 299 });
  fixtures.shoe = await create({
    name: 'Canvas Sneakers',
    category: 'footwear',
    subcat: 'sports_shoes',
    price: 899,
    discount: 20,
    size: ['8', '9', '10'],
    stockDetail: { '8': 3, '9': 0 },
    colors: ['White'],
    image: ['/media/0123456789abcdef0123456789abcdef/detail.webp'],
  });
});
afterAll(async () => {
  await service?.close();
});

describe('GET /api/v1/products: price bands (selling price, both ends of 500-1000 inclusive)', () => {
  it('under500 holds 499 and 499.99, not 500', async () => {
    const res = await visitor.get(`/api/v1/products?category=${STATIONARY}&price=under500`);
    expect(names(res.body)).toEqual(['Pen 499', 'Pen 499.99']);
  });

  it('500-1000 holds 500 and 1000', async () => {
    const res = await visitor.get(`/api/v1/products?category=${STATIONARY}&price=500-1000`);
    expect(names(res.body)).toEqual(['Pen 1000', 'Pen 500']);
  });

  it('above1000 holds 1000.01 and 1001, not 1000', async () => {
    const res = await visitor.get(`/api/v1/products?category=${STATIONARY}&price=above1000`);
    expect(names(res.body)).toEqual(['Pen 1000.01', 'Pen 1001']);
  });

  it('all (the default) holds every band', async () => {
    const res = await visitor.get(`/api/v1/products?category=${STATIONARY}&price=all`);
    expect(res.body.productCount).toBe(6);
  });

  it('refuses an unknown band with 400', async () => {
    const res = await visitor.get('/api/v1/products?price=cheap');
    expect(res).toMatchObject({ status: 400, body: { success: false, message: 'price must be one of all, under500, 500-1000 or above1000' } });
  });
});

describe('GET /api/v1/products: the other filters', () => {
  it('discount=true keeps only products with a discount above 0', async () => {
    const res = await visitor.get(`/api/v1/products?category=${STATIONARY}&discount=true`);
    expect(names(res.body)).toEqual(['Pen 1000', 'Pen 1001', 'Pen 499.99']);
  });

  it('inStock=true keeps only products with stock above 0', async () => {
    const res = await visitor.get(`/api/v1/products?category=${STATIONARY}&inStock=true`);
    expect(names(res.body)).toEqual(['Pen 1000', 'Pen 1001', 'Pen 499.99', 'Pen 500']);
  });

  it('filters combine', async () => {
    const res = await visitor.get(`/api/v1/products?category=${STATIONARY}&inStock=true&discount=true&price=500-1000`);
    expect(names(res.body)).toEqual(['Pen 1000']);
  });

  it('subcat narrows to one subcategory', async () => {
    const res = await visitor.get(`/api/v1/products?category=${STATIONARY}&subcat=notebooks`);
    expect(names(res.body)).toEqual(['Pen 1001']);
  });

  it('a category is found by its index or its slug', async () => {
    const byIndex = await visitor.get(`/api/v1/products?category=${STATIONARY}`);
    const bySlug = await visitor.get('/api/v1/products?category=stationary');
    expect(names(bySlug.body)).toEqual(names(byIndex.body));
  });

  it('refuses an unknown category, subcategory, flag or sort with 400', async () => {
    for (const query of ['category=16', 'category=toys-r-us', 'subcat=spaceships', 'discount=maybe', 'sort=cheapest']) {
      const res = await visitor.get(`/api/v1/products?${query}`);
      expect({ query, status: res.status, success: res.body.success }).toEqual({ query, status: 400, success: false });
    }
  });

  it('sorts by price both ways, by newest and by discount', async () => {
    const base = `/api/v1/products?category=${STATIONARY}`;
    expect((await visitor.get(`${base}&sort=price_asc`)).body.products.map((p: any) => p.price)).toEqual([499, 499.99, 500, 1000, 1000.01, 1001]);
    expect((await visitor.get(`${base}&sort=price_desc`)).body.products.map((p: any) => p.price)).toEqual([1001, 1000.01, 1000, 500, 499.99, 499]);
    expect((await visitor.get(`${base}&sort=newest`)).body.products[0].name).toBe('Pen 1001');
    expect((await visitor.get(`${base}&sort=discount`)).body.products.map((p: any) => p.discount).slice(0, 3)).toEqual([55, 35, 10]);
  });
});

describe('GET /api/v1/products: pagination', () => {
  it('answers the spec fields for a middle page', async () => {
    const res = await visitor.get(`/api/v1/products?category=${STATIONARY}&limit=2&page=2&sort=price_asc`);
    expect(res.body).toMatchObject({ success: true, productCount: 6, resultsPerPage: 2, totalPages: 3, currentPage: 2 });
    expect(res.body.products.map((p: any) => p.price)).toEqual([500, 1000]);
  });

  it('uses 12 per page by default', async () => {
    const res = await visitor.get('/api/v1/products');
    expect(res.body).toMatchObject({ resultsPerPage: 12, currentPage: 1, productCount: 10, totalPages: 1 });
  });

  it('a page past the end is empty, not an error', async () => {
    const res = await visitor.get(`/api/v1/products?category=${STATIONARY}&limit=4&page=3`);
    expect(res).toMatchObject({ status: 200, body: { products: [], productCount: 6, totalPages: 2, currentPage: 3 } });
  });

  it('accepts a limit of 48 and refuses 49, 1000, 0 and a page of 0', async () => {
    expect((await visitor.get('/api/v1/products?limit=48')).body.resultsPerPage).toBe(48);
    for (const query of ['limit=49', 'limit=1000', 'limit=0']) {
      expect(await visitor.get(`/api/v1/products?${query}`)).toMatchObject({ status: 400, body: { message: 'limit must be a whole number from 1 to 48' } });
    }
    expect(await visitor.get('/api/v1/products?page=0')).toMatchObject({ status: 400, body: { message: 'page must be a whole number, 1 or more' } });
    expect((await visitor.get('/api/v1/products?page=abc')).status).toBe(400);
  });
});

describe('GET /api/v1/productsByTag', () => {
  it('finds a tag by index and by key alike', async () => {
    const byIndex = await visitor.get('/api/v1/productsByTag?tag=5&page=1');
    const byKey = await visitor.get('/api/v1/productsByTag?tag=50percentOff');
    expect(names(byIndex.body)).toEqual(['Pen 1001']);
    expect(names(byKey.body)).toEqual(['Pen 1001']);
    expect(byIndex.body).toMatchObject({ success: true, productCount: 1, resultsPerPage: 12, totalPages: 1, currentPage: 1 });
  });

  it('percent-off tags follow the discount (35% is on the 30% page only)', async () => {
    expect(names((await visitor.get('/api/v1/productsByTag?tag=3')).body)).toEqual(['Pen 1000', 'Pen 1001']);
    expect(names((await visitor.get('/api/v1/productsByTag?tag=40percentOff')).body)).toEqual(['Pen 1001']);
  });

  it('takes the listing filters too', async () => {
    const res = await visitor.get('/api/v1/productsByTag?tag=3&price=500-1000');
    expect(names(res.body)).toEqual(['Pen 1000']);
  });

  it('refuses an unknown tag with 400', async () => {
    for (const tag of ['6', 'cheap']) {
      expect(await visitor.get(`/api/v1/productsByTag?tag=${tag}`)).toMatchObject({ status: 400, body: { success: false, message: 'Unknown tag' } });
    }
  });
});

describe('GET /api/v1/product/:id', () => {
  it('answers the spec product with derived MRP, category index and per-size stock', async () => {
    const res = await visitor.get(`/api/v1/product/${fixtures.shoe._id}`);
    expect(res.status).toBe(200);
    expect(res.body.product).toMatchObject({
      _id: fixtures.shoe._id,
      id: fixtures.shoe.id,
      name: 'Canvas Sneakers',
      price: 899,
      oldPrice: 1124,
      discount: 20,
      category: 5,
      categoryName: 'Footwear',
      subcat: 'sports_shoes',
      size: ['8', '9', '10'],
      colors: ['White'],
      stock: 3,
      stockDetail: { '8': 3, '9': 0, '10': 0 },
      image: ['/media/0123456789abcdef0123456789abcdef/detail.webp'],
      thumbnail: '/media/0123456789abcdef0123456789abcdef/card.webp',
      rating: 0,
      reviews: 0,
      numOfReviews: 0,
    });
  });

  it('answers 400 Invalid product ID for a malformed id', async () => {
    expect(await visitor.get('/api/v1/product/not-an-id')).toMatchObject({ status: 400, body: { success: false, message: 'Invalid product ID' } });
  });

  it('answers 404 Product not found for an unknown id', async () => {
    expect(await visitor.get(`/api/v1/product/${randomUUID()}`)).toMatchObject({ status: 404, body: { success: false, message: 'Product not found' } });
  });
});

describe('GET /api/v1/categories', () => {
  it('lists the 16 categories in order with their flags, sizes, subcategories and product counts', async () => {
    const res = await visitor.get('/api/v1/categories');
    expect(res.body.categories.map((c: any) => c.name)).toEqual(CATEGORY_DEFINITIONS.map((c) => c.name));
    const footwear = res.body.categories[5];
    expect(footwear).toMatchObject({ index: 5, str: 'footwear', ssize: true, colors: true, sizeSet: 'shoe', productCount: 1 });
    expect(footwear.sizeOptions[0]).toBe('4');
    expect(footwear.subcategories.map((s: any) => s.str)).toContain('sports_shoes');
    expect(res.body.categories[STATIONARY].productCount).toBe(6);
  });
});

describe('GET /api/v1/search', () => {
  it("finds 'Leather Wallet' for the misspelt 'lether walet', first", async () => {
    const res = await visitor.get('/api/v1/search?q=lether%20walet');
    expect(res.status).toBe(200);
    expect(res.body.products[0].name).toBe('Leather Wallet');
  });

  it('finds by category words too, and answers the listing shape', async () => {
    const res = await visitor.get('/api/v1/search?q=footwear&limit=5');
    expect(res.body).toMatchObject({ success: true, productCount: 1, resultsPerPage: 5, totalPages: 1, currentPage: 1 });
    expect(res.body.products[0].name).toBe('Canvas Sneakers');
  });

  it('applies the listing filters', async () => {
    const res = await visitor.get('/api/v1/search?q=leather&price=under500');
    expect(res.body.products).toEqual([]);
  });

  it('corrects typos with the words of products added or renamed since', async () => {
    const planter = await create({ name: 'Terracotta Planter', category: 1, subcat: 'cookware', price: 399 });
    const found = await visitor.get('/api/v1/search?q=terracota%20plnter');
    expect(found.body.products.map((p: { name: string }) => p.name)).toEqual(['Terracotta Planter']);
    expect((await admin.put(`/api/v1/admin/product/${planter._id}`, { name: 'Glazed Ceramic Planter' })).status).toBe(200);
    const renamed = await visitor.get('/api/v1/search?q=ceramik');
    expect(renamed.body).toMatchObject({ productCount: 1, totalPages: 1 });
    expect(renamed.body.products[0].name).toBe('Glazed Ceramic Planter');
    expect((await admin.delete(`/api/v1/admin/product/${planter._id}`)).status).toBe(200);
  });

  it("takes a word the catalog knows as typed ('men' is not 'women'), and corrects others by a few slips only", async () => {
    const made = [
      await create({ name: 'Linen Kurta', category: 'men', subcat: 'ethnic_wear', price: 1299, size: ['M'], stockDetail: { M: 4 } }),
      await create({ name: 'Cotton Kurti', category: 'women', subcat: 'ladies_kurti', price: 899, size: ['M'], stockDetail: { M: 4 } }),
      await create({ name: 'Memory Foam Pillow', category: 1, subcat: 'cookware', price: 999 }),
    ];
    const found = async (q: string) => names((await visitor.get(`/api/v1/search?q=${encodeURIComponent(q)}`)).body);
    // 'men' (the Men category's word) finds the men's kurta, not the women's kurti nor 'memory'.
    expect(await found('men')).toEqual(['Linen Kurta']);
    expect(await found('women')).toEqual(['Cotton Kurti']);
    // 'kurti' is a word of the catalog: no kurta for it; 'krta' is not, and is one slip from 'kurta' (two from 'kurti').
    expect(await found('kurti')).toEqual(['Cotton Kurti']);
    expect(await found('krta')).toEqual(['Linen Kurta']);
    // 'mens' is one slip from 'men', the closest, and from 'pens'; 'women' and 'memory' are too many
    // slips away for a word of four letters.
    const mens = (await visitor.get('/api/v1/search?q=mens')).body.products.map((p: { name: string }) => p.name);
    expect(mens[0]).toBe('Linen Kurta');
    expect(mens).toContain('Pen 500');
    expect(mens).not.toContain('Cotton Kurti');
    expect(mens).not.toContain('Memory Foam Pillow');
    // A word only a product's old name held is a typo again: staff correct 'Lether' to 'Leather',
    // and 'lether' (still among the catalog's words) finds the leather goods, not nothing.
    const bag = await create({ name: 'Lether Laptop Bag', category: 3, subcat: 'wallets_belts', price: 1499 });
    made.push(bag);
    expect(await found('laptop lether')).toEqual(['Lether Laptop Bag']);
    expect((await admin.put(`/api/v1/admin/product/${bag._id}`, { name: 'Leather Laptop Bag' })).status).toBe(200);
    expect(await found('laptop lether')).toEqual(['Leather Laptop Bag']);
    // Ranked by the correction, not by the word no product holds: the leather goods first, then
    // 'feather' (two slips away), though the duster is the newest.
    made.push(await create({ name: 'Feather Duster', category: 1, subcat: 'cookware', price: 199 }));
    const lether = (await visitor.get('/api/v1/search?q=lether')).body.products.map((p: { name: string }) => p.name);
    expect(lether.slice(0, 3).sort()).toEqual(['Leather Belt', 'Leather Laptop Bag', 'Leather Wallet']);
    expect(lether).toContain('Feather Duster');
    // Words every product still holds, found together by none: nothing, no guessing ('kurta' is
    // one slip from 'kurti').
    expect(await found('cotton kurta')).toEqual([]);
    for (const p of made) expect((await admin.delete(`/api/v1/admin/product/${p._id}`)).status).toBe(200);
  });

  it('finds nothing for unrelated text', async () => {
    expect((await visitor.get('/api/v1/search?q=submarine')).body.productCount).toBe(0);
    // Signs only: nothing to correct, nothing found, and no error.
    for (const q of ['%', '_', '%%%%', "';--"]) {
      expect(await visitor.get(`/api/v1/search?q=${encodeURIComponent(q)}`)).toMatchObject({ status: 200, body: { productCount: 0, products: [] } });
    }
  });

  it('refuses an empty or over-long text with 400', async () => {
    expect(await visitor.get('/api/v1/search?q=%20%20')).toMatchObject({ status: 400, body: { message: 'Please enter something to search for' } });
    expect((await visitor.get('/api/v1/search')).status).toBe(400);
    expect(await visitor.get(`/api/v1/search?q=${'a'.repeat(101)}`)).toMatchObject({ status: 400, body: { message: 'Search text must be at most 100 characters long' } });
  });
});

describe('listing totals (kept per filter combination as products change, decision 0032)', () => {
  /** Gifts & Gadget (index 15) holds only these products. */
  const GIFTS = 15;
  const queries = [
    `category=${GIFTS}`,
    `category=${GIFTS}&inStock=true`,
    `category=${GIFTS}&discount=true`,
    `category=${GIFTS}&price=under500`,
    `category=${GIFTS}&price=above1000&inStock=true`,
    `category=${GIFTS}&subcat=gadgets`,
    '',
    'inStock=true&discount=true',
    // The price-band fixtures sit on both edges of every band (catalog.price_band = PRICE_BAND_LIMITS).
    `category=${STATIONARY}&price=under500`,
    `category=${STATIONARY}&price=500-1000`,
    `category=${STATIONARY}&price=above1000`,
  ];

  /** productCount of each query, beside the number of products the listing actually holds. */
  async function totals() {
    const out: Record<string, { productCount: number; listed: number }> = {};
    for (const q of queries) {
      let listed = 0;
      let productCount = -1;
      for (let page = 1; ; page++) {
        const res = await visitor.get(`/api/v1/products?${q}&limit=48&page=${page}`);
        expect(res.status).toBe(200);
        productCount = res.body.productCount;
        listed += res.body.products.length;
        if (page >= res.body.totalPages) break;
      }
      out[q] = { productCount, listed };
    }
    return out;
  }

  const expectExact = (t: Awaited<ReturnType<typeof totals>>) => {
    for (const q of queries) expect({ q, total: t[q]!.productCount }).toEqual({ q, total: t[q]!.listed });
  };

  it('matches the products listed after creating, selling out, repricing, retagging and deleting', async () => {
    const speaker = await create({ name: 'Bluetooth Speaker', category: GIFTS, subcat: 'gadgets', price: 349, discount: 10, stock: 2 });
    const diya = await create({ name: 'Brass Diya Set', category: GIFTS, subcat: 'gift_items', price: 1299, stock: 5 });
    const stand = await create({ name: 'Phone Stand', category: GIFTS, subcat: 'gadgets', price: 199, stock: 0 });
    const before = await totals();
    expectExact(before);
    expect(before[`category=${GIFTS}`]!.productCount).toBe(3);
    expect(before[`category=${GIFTS}&inStock=true`]!.productCount).toBe(2);

    // Sold out, moved to another price band, given a discount, moved to another subcategory.
    await service.rows(sql`update catalog.products set stock = 0 where id = ${speaker._id}`);
    const res = await admin.put(`/api/v1/admin/product/${diya._id}`, { price: 449, discount: 30, subcat: 'gadgets' });
    expect(res.status).toBe(200);
    const after = await totals();
    expectExact(after);
    expect(after[`category=${GIFTS}&inStock=true`]!.productCount).toBe(1);
    expect(after[`category=${GIFTS}&price=under500`]!.productCount).toBe(3);
    expect(after[`category=${GIFTS}&subcat=gadgets`]!.productCount).toBe(3);

    // Repriced alone, within its band and then out of it.
    expect((await admin.put(`/api/v1/admin/product/${stand._id}`, { price: 299 })).status).toBe(200);
    expect((await totals())[`category=${GIFTS}&price=under500`]!.productCount).toBe(3);
    expect((await admin.put(`/api/v1/admin/product/${stand._id}`, { price: 1499 })).status).toBe(200);
    const repriced = await totals();
    expectExact(repriced);
    expect(repriced[`category=${GIFTS}&price=under500`]!.productCount).toBe(2);
    expect((await admin.put(`/api/v1/admin/product/${stand._id}`, { price: 199 })).status).toBe(200);

    expect((await admin.delete(`/api/v1/admin/product/${speaker._id}`)).status).toBe(200);
    const deleted = await totals();
    expectExact(deleted);
    expect(deleted[`category=${GIFTS}`]!.productCount).toBe(2);

    // Folding the rows changes no total.
    await service.rows(sql`select catalog.compact_product_facets()`);
    expect(await totals()).toEqual(deleted);
    const tag = await visitor.get('/api/v1/productsByTag?tag=30percentOff&category=gifts-gadget');
    expect(tag.body).toMatchObject({ productCount: 1, totalPages: 1 });
    expect(tag.body.products.map((p: { name: string }) => p.name)).toEqual(['Brass Diya Set']);
  });
});
