import { sql } from 'drizzle-orm';
import { CATEGORY_COUNT, TAG_KEYS } from '@shop/proto-contracts';
import { startCatalogService, type CatalogTestService } from '../testing/catalog-test-service';
import { planDemoCatalog, seedDemoCatalog } from './demo-catalog.seed';
import { generateCatalog } from './generate-catalog';

let service: CatalogTestService;

// The demo catalog as on a first start, without a media service (so without pictures).
beforeAll(async () => {
  service = await startCatalogService({ demoCatalog: true });
});
afterAll(async () => {
  await service?.close();
});

describe('the demo catalog', () => {
  it('holds at least 200 products, at least 10 in each of the 16 categories', async () => {
    const res = await service.visitor.get('/api/v1/categories');
    const counts = res.body.categories.map((c: { productCount: number }) => c.productCount);
    expect(counts).toHaveLength(CATEGORY_COUNT);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(10);
    expect((await service.visitor.get('/api/v1/products')).body.productCount).toBeGreaterThanOrEqual(200);
  });

  it('fills every tag page with at least 6 products', async () => {
    for (const [index, key] of TAG_KEYS.entries()) {
      const res = await service.visitor.get(`/api/v1/productsByTag?tag=${index}`);
      expect({ key, enough: res.body.productCount >= 6 }).toEqual({ key, enough: true });
    }
  });

  it('tags exactly the products whose discount reaches 30, 40 and 50 percent', async () => {
    const wrong = await service.rows(sql`select code from catalog.products where
      ('30percentOff' = any(tags)) <> (discount >= 30) or ('40percentOff' = any(tags)) <> (discount >= 40) or ('50percentOff' = any(tags)) <> (discount >= 50)`);
    expect(wrong).toEqual([]);
  });

  it('has exactly one Leather Wallet, and the misspelt search finds it first', async () => {
    expect(await service.rows(sql`select code from catalog.products where name = 'Leather Wallet'`)).toHaveLength(1);
    const res = await service.visitor.get('/api/v1/search?q=lether%20walet');
    expect(res.body.products[0].name).toBe('Leather Wallet');
  });

  it('prices from ₹49 to ₹9,999 with discounts of 0–60 %, and some products or sizes out of stock', async () => {
    const [stats] = await service.rows<Record<string, number>>(sql`select min(price)::int as min_price, max(price)::int as max_price,
      min(discount)::int as min_discount, max(discount)::int as max_discount,
      count(*) filter (where stock = 0)::int as sold_out,
      count(*) filter (where stock > 0 and jsonb_path_exists(stock_detail, '$.* ? (@ == 0)'))::int as size_sold_out,
      count(*) filter (where jsonb_array_length(sizes) > 0)::int as sized,
      count(*) filter (where badge is not null)::int as badged
      from catalog.products`);
    expect(stats).toMatchObject({ min_price: 4900, max_price: 999_900, min_discount: 0, max_discount: 60 });
    expect(stats.sold_out).toBeGreaterThan(0);
    expect(stats.size_sold_out).toBeGreaterThan(0);
    expect(stats.sized).toBeGreaterThan(50);
    expect(stats.badged).toBeGreaterThan(10);
  });

  it('offers sizes and colours only where the category has them', async () => {
    const wrong = await service.rows(sql`select p.code from catalog.products p join catalog.categories c on c.id = p.category_id
      where (jsonb_array_length(p.sizes) > 0 and not c.ssize) or (jsonb_array_length(p.colors) > 0 and not c.colors)`);
    expect(wrong).toEqual([]);
  });

  it('has reviews whose average and count are each product’s rating and review count', async () => {
    const [{ n }] = await service.rows<{ n: number }>(sql`select count(*)::int as n from catalog.reviews`);
    expect(n).toBeGreaterThan(50);
    const wrong = await service.rows(sql`select p.code from catalog.products p
      left join (select product_id, round(avg(rating)::numeric, 1) as average, count(*)::int as n from catalog.reviews group by product_id) r on r.product_id = p.id
      where p.review_count <> coalesce(r.n, 0) or p.rating <> coalesce(r.average, 0)`);
    expect(wrong).toEqual([]);
  });

  it('announces every product with ProductChanged and lists the pictures still to make', async () => {
    const [products] = await service.rows<{ n: number }>(sql`select count(*)::int as n from catalog.products`);
    const [events] = await service.rows<{ n: number }>(sql`select count(*)::int as n from catalog.outbox where type = 'ProductChanged'`);
    const [pending] = await service.rows<{ categories: number; products: number }>(sql`select
      count(*) filter (where kind = 'category')::int as categories, count(*) filter (where kind = 'product')::int as products from catalog.pending_images`);
    expect(events.n).toBe(products.n);
    expect(pending).toEqual({ categories: 16, products: products.n - 2 });
  });

  it('is created once: seeding again changes nothing', async () => {
    expect(await seedDemoCatalog(service.deps)).toBeUndefined();
    expect((await service.visitor.get('/api/v1/products')).body.productCount).toBe(208);
  });

  it('dates every review after its product and none after the moment it was seeded', async () => {
    const categories = await service.deps.categories.all();
    const at = new Date('2026-01-01T00:00:00Z');
    const plan = planDemoCatalog(categories, at);
    const createdOf = new Map(plan.products.map((p) => [p.id, p.createdAt!.getTime()]));
    const misdated = plan.reviews.filter((r) => r.createdAt.getTime() > at.getTime() || r.createdAt.getTime() < createdOf.get(r.productId)!);
    expect(plan.reviews.length).toBeGreaterThan(100);
    expect(misdated).toEqual([]);
  });

  it('is the same on every machine (a seeded generator)', async () => {
    const categories = await service.deps.categories.all();
    const at = new Date('2026-01-01T00:00:00Z');
    expect(planDemoCatalog(categories, at)).toEqual(planDemoCatalog(categories, at));
  });
});

describe('the scale generator', () => {
  it('adds products in batches across every category, using the category tile as their picture', async () => {
    await service.deps.categories.setImage('9', '/media/0123456789abcdef0123456789abcdef/detail.webp');
    const progress: number[] = [];
    const inserted = await generateCatalog(service.deps.db, { products: 320, batchSize: 100, onProgress: (done) => progress.push(done) });
    expect(inserted).toBe(320);
    expect(progress).toEqual([100, 200, 300, 320]);
    const [stats] = await service.rows<{ n: number; categories: number; with_tile: number }>(sql`select count(*)::int as n, count(distinct category_id)::int as categories,
      count(*) filter (where images = '["/media/0123456789abcdef0123456789abcdef/detail.webp"]'::jsonb)::int as with_tile
      from catalog.products where code like 'GEN-%'`);
    expect(stats).toEqual({ n: 320, categories: 16, with_tile: 20 });
  });
});
