import { sql } from 'drizzle-orm';
import { SEARCH_COUNT_CAP, type ProductSort } from '@shop/proto-contracts';
import { products } from '../db/schema';
import { afterInSort, orderings, orderKeys } from '../domain/product-listing.service';
import { forgetSearchCandidates } from '../domain/search-candidates';
import { generateCatalog } from '../seed/generate-catalog';
import { startCatalogService, type CatalogTestService } from '../testing/catalog-test-service';

/**
 * A broad search whose best tier is sparse (decision 0095): the first walk down the popularity
 * index meets too few of that tier, and the walk goes on from the last product it met instead of
 * starting again. The pages must still be those of one sort of every match.
 *
 * 5,000 generated products renamed by row number (by id): every 25th is 'Cotton Shirt n' (the name
 * holds 'shirt': the best tier, 200 products, 4 %), the others 'Plain Kurta n' whose search text
 * holds 'shirt' (the next tier). Popularity comes in groups of 100 products with the same review
 * count, rating and age, so every walk stops inside a group and the id decides where it goes on.
 */
let service: CatalogTestService;
const TOTAL = 5_000;
const EVERY = 25;

const shirtNumbers = Array.from({ length: TOTAL / EVERY }, (_, i) => (i + 1) * EVERY);
const kurtaNumbers = Array.from({ length: TOTAL }, (_, i) => i + 1).filter((n) => n % EVERY !== 0);
/** The ranking of 'shirt': the name holding the word first, then popularity (here, the row number). */
const expected = [...shirtNumbers.map((n) => `Cotton Shirt ${n}`), ...kurtaNumbers.map((n) => `Plain Kurta ${n}`)];

beforeAll(async () => {
  service = await startCatalogService();
  await generateCatalog(service.deps.db, { products: TOTAL, batchSize: 2_500 });
  await service.rows(sql`
    with numbered as (select id, row_number() over (order by id) as rn from catalog.products)
    update catalog.products p set
      name = case when n.rn % ${EVERY} = 0 then 'Cotton Shirt ' || n.rn else 'Plain Kurta ' || n.rn end,
      search_text = case when n.rn % ${EVERY} = 0 then 'cotton shirt ' || n.rn else 'plain kurta ' || n.rn || ' shirt' end,
      review_count = 1000 - n.rn / 100,
      rating = 4.0,
      created_at = timestamptz '2026-01-01T00:00:00Z'
    from numbered n where n.id = p.id`);
}, 180_000);
afterAll(async () => {
  await service?.close();
});

const namesOf = (body: { products: Array<{ name: string }> }) => body.products.map((p) => p.name);

describe('a broad search whose best tier the first walk does not fill', () => {
  it.each([2, 6, 9, 17, 40])('ranks page %i as one sort of every match would, as a first request of it', async (page) => {
    // Nothing kept from an earlier page: the page is ranked by walking (page 17 crosses into the next tier).
    forgetSearchCandidates(service.deps.db);
    const res = await service.visitor.get(`/api/v1/search?q=shirt&page=${page}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ productCount: SEARCH_COUNT_CAP, productCountCapped: true, currentPage: page });
    expect(namesOf(res.body)).toEqual(expected.slice((page - 1) * 12, page * 12));
  });

  it('keeps the places the walk went on to find, in order: the pages after the first one asked', async () => {
    // Page 2 ranks places 1–72 (its page and four ahead); the first walk met 57 of the best tier
    // (up to 'Cotton Shirt 1425'), the rest were found by going on inside a group of equal popularity.
    forgetSearchCandidates(service.deps.db);
    const pages: string[] = [];
    for (const page of [2, 3, 4, 5, 6]) pages.push(...namesOf((await service.visitor.get(`/api/v1/search?q=shirt&page=${page}`)).body));
    expect(pages).toEqual(expected.slice(12, 72));
  });

  it('answers the last page the same whether it is asked first or after the others', async () => {
    forgetSearchCandidates(service.deps.db);
    const first = await service.visitor.get('/api/v1/search?q=shirt&page=84');
    expect(namesOf(first.body)).toEqual(expected.slice(996, 1000));
    const again = await service.visitor.get('/api/v1/search?q=shirt&page=84');
    expect(again.body).toEqual(first.body);
  });
});

describe('the keyset a walk goes on from', () => {
  // Ties in every key: the id decides within them, as in the ordering.
  beforeAll(async () => {
    await service.rows(sql`
      with numbered as (select id, row_number() over (order by id) as rn from catalog.products)
      update catalog.products p set
        review_count = (n.rn * 7) % 5,
        rating = ((n.rn * 3) % 4) / 2.0,
        price = 10000 + ((n.rn * 11) % 6) * 100,
        discount = (n.rn * 13) % 3 * 10,
        created_at = timestamptz '2026-01-01T00:00:00Z' - ((n.rn * 17) % 4) * interval '1 hour'
      from numbered n where n.id = p.id and n.rn <= 300`);
    await service.rows(sql`delete from catalog.products where id not in (select id from catalog.products order by id limit 300)`);
  });

  it.each(['popular', 'newest', 'price_asc', 'price_desc', 'discount', 'rating'] as ProductSort[])(
    'walked 7 products at a time in the %s order, gives every product once, in that order',
    async (sort) => {
      const db = service.deps.db;
      const all = (await db.select({ id: products.id }).from(products).orderBy(...orderings[sort])).map((r) => r.id);
      expect(all).toHaveLength(300);
      // Each step selects what a walk reads: the products after the last one, with their keys as text.
      const keys = orderKeys[sort].columns.map((c) => sql<string>`${c}::text`);
      const walked: string[] = [];
      let last: { id: string; key: string[] } | undefined;
      for (let step = 0; step <= all.length / 7; step += 1) {
        const rows = await db
          .select({ id: products.id, key: sql<string[]>`array[${sql.join(keys, sql`, `)}]` })
          .from(products)
          .where(last ? afterInSort(sort, last) : undefined)
          .orderBy(...orderings[sort])
          .limit(7);
        walked.push(...rows.map((r) => r.id));
        if (rows.length) last = rows[rows.length - 1];
      }
      expect(walked).toEqual(all);
    },
  );
});
