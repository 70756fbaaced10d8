import { sql } from 'drizzle-orm';
import { SEARCH_COUNT_CAP } from '@shop/proto-contracts';
import { generateCatalog } from '../seed/generate-catalog';
import { startCatalogService, type CatalogTestService } from '../testing/catalog-test-service';

/**
 * A search that finds more than SEARCH_COUNT_CAP products (decision 0040): the total is capped and
 * flagged, pages stop at the cap, and the order is the one a full ranking of every match gives
 * (name holds the word first, then popularity), walked tier by tier.
 */
let service: CatalogTestService;

/**
 * 1,400 generated products renamed into three groups (row number by id). The few named 'Shirt' are
 * the least popular, so a walk down the most popular products does not meet them: the best tier is
 * then read from the indexes, the next one walked.
 */
const SHIRTS = 40; // 'Plain Cotton Shirt n': 'shirt' in the name
const KURTAS = 1_100; // 'Plain Kurta n', search text also holding 'shirt': 'shirt' only in the text
const TOTAL = 1_400; // the rest 'Plain Top n': no 'shirt' anywhere

interface Row {
  id: string;
  name: string;
  review_count: number;
  rating: number;
  created_at: string;
}

/** The products whose name matches, ranked as the spec's search ranks them: name holds the word, then popularity. */
let expectedShirt: string[];
let expectedCotton: string[];

function popularity(a: Row, b: Row) {
  return b.review_count - a.review_count || b.rating - a.rating || Date.parse(b.created_at) - Date.parse(a.created_at) || (a.id < b.id ? -1 : 1);
}

beforeAll(async () => {
  service = await startCatalogService();
  await generateCatalog(service.deps.db, { products: TOTAL, batchSize: 700 });
  // Popularity with many ties in review count (so rating and age decide some places), ages distinct.
  await service.rows(sql`
    with numbered as (select id, row_number() over (order by id) as rn from catalog.products)
    update catalog.products p set
      name = case when n.rn <= ${SHIRTS} then 'Plain Cotton Shirt ' || n.rn
                  when n.rn <= ${SHIRTS + KURTAS} then 'Plain Kurta ' || n.rn
                  else 'Plain Top ' || n.rn end,
      search_text = case when n.rn <= ${SHIRTS} then 'plain cotton shirt ' || n.rn
                         when n.rn <= ${SHIRTS + KURTAS} then 'plain kurta ' || n.rn || ' shirt'
                         else 'plain top ' || n.rn end,
      review_count = case when n.rn <= ${SHIRTS} then (n.rn * 7) % 3 else 3 + (n.rn * 7919) % 60 end,
      rating = ((n.rn * 31) % 50) / 10.0,
      created_at = timestamptz '2026-01-01T00:00:00Z' - n.rn * interval '1 minute'
    from numbered n where n.id = p.id`);
  const rows = await service.rows<Row>(sql`select id, name, review_count, rating::float8 as rating, created_at::text from catalog.products`);
  const shirts = rows.filter((r) => r.name.startsWith('Plain Cotton Shirt')).sort(popularity);
  const kurtas = rows.filter((r) => r.name.startsWith('Plain Kurta')).sort(popularity);
  expectedShirt = [...shirts, ...kurtas].map((r) => r.name);
  expectedCotton = shirts.map((r) => r.name);
}, 120_000);
afterAll(async () => {
  await service?.close();
});

const namesOf = (body: { products: Array<{ name: string }> }) => body.products.map((p) => p.name);

describe('a search finding more than the cap', () => {
  it('counts up to the cap and says the total is a lower bound', async () => {
    expect(SHIRTS + KURTAS).toBeGreaterThan(SEARCH_COUNT_CAP);
    const res = await service.visitor.get('/api/v1/search?q=shirt');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ productCount: SEARCH_COUNT_CAP, productCountCapped: true, resultsPerPage: 12, totalPages: 84, currentPage: 1 });
    expect(namesOf(res.body)).toEqual(expectedShirt.slice(0, 12));
  });

  it('ranks every page as one sort of all matches would: name holding the word first, then popularity', async () => {
    // Page 4 holds places 37–48: the last 4 products named 'Shirt', then the first with it only in the text.
    for (const page of [2, 3, 4, 5, 30, 59]) {
      const res = await service.visitor.get(`/api/v1/search?q=shirt&page=${page}`);
      expect(namesOf(res.body)).toEqual(expectedShirt.slice((page - 1) * 12, page * 12));
    }
    const wide = await service.visitor.get('/api/v1/search?q=shirt&page=15&limit=48');
    expect(namesOf(wide.body)).toEqual(expectedShirt.slice(14 * 48, 15 * 48));
  });

  it('offers pages up to the cap and none past it', async () => {
    const last = await service.visitor.get('/api/v1/search?q=shirt&page=84');
    expect(namesOf(last.body)).toEqual(expectedShirt.slice(996, 1000));
    const past = await service.visitor.get('/api/v1/search?q=shirt&page=85');
    expect(past.body).toMatchObject({ productCount: SEARCH_COUNT_CAP, productCountCapped: true, totalPages: 84, currentPage: 85, products: [] });
  });

  it('corrects a typo and ranks the same way', async () => {
    const res = await service.visitor.get('/api/v1/search?q=cotton%20shrt');
    expect(res.body).toMatchObject({ productCount: SHIRTS, productCountCapped: false, totalPages: Math.ceil(SHIRTS / 12) });
    expect(namesOf(res.body)).toEqual(expectedCotton.slice(0, 12));
    const broad = await service.visitor.get('/api/v1/search?q=shrt&page=4');
    expect(broad.body).toMatchObject({ productCount: SEARCH_COUNT_CAP, productCountCapped: true });
    expect(namesOf(broad.body)).toEqual(expectedShirt.slice(36, 48));
  });

  it('keeps another sort, walked in its own order up to the cap', async () => {
    const res = await service.visitor.get('/api/v1/search?q=shirt&sort=newest&page=2');
    expect(res.body).toMatchObject({ productCount: SEARCH_COUNT_CAP, productCountCapped: true });
    // Newest first is the order of the row numbers (ages were given by them); shirts and kurtas are 1–1,140.
    const newest = [...expectedShirt].sort((a, b) => Number(a.split(' ').pop()) - Number(b.split(' ').pop()));
    expect(namesOf(res.body)).toEqual(newest.slice(12, 24));
  });

  it('answers the flag over GraphQL', async () => {
    const res = await service.visitor.graphql('{ searchProducts(query: "shirt", limit: 5) { productCount productCountCapped totalPages products { name } } }');
    expect(res.body.data.searchProducts).toEqual({
      productCount: SEARCH_COUNT_CAP,
      productCountCapped: true,
      totalPages: 200,
      products: expectedShirt.slice(0, 5).map((name) => ({ name })),
    });
  });
});

describe('a search under the cap', () => {
  it('keeps its exact total, every page and the ranking', async () => {
    const res = await service.visitor.get('/api/v1/search?q=cotton&page=2');
    expect(res.body).toMatchObject({ productCount: SHIRTS, productCountCapped: false, totalPages: Math.ceil(SHIRTS / 12), currentPage: 2 });
    expect(namesOf(res.body)).toEqual(expectedCotton.slice(12, 24));
    const last = await service.visitor.get(`/api/v1/search?q=cotton&page=${Math.ceil(SHIRTS / 12)}`);
    expect(namesOf(last.body)).toEqual(expectedCotton.slice(36));
    const past = await service.visitor.get(`/api/v1/search?q=cotton&page=${Math.ceil(SHIRTS / 12) + 1}`);
    expect(past.body).toMatchObject({ productCount: SHIRTS, products: [] });
  });

  it('listings stay exact and say so', async () => {
    const res = await service.visitor.get('/api/v1/products?limit=1');
    expect(res.body).toMatchObject({ productCount: TOTAL, productCountCapped: false, totalPages: TOTAL });
  });
});

describe('a search whose closest correction is a stop word', () => {
  it("counts only what matches: 'shirt wit' corrected to 'with' (dropped by full text) is not every shirt", async () => {
    // One kurta says 'wilt' (a slip from 'wit'); one top says 'with'. 'wit' is closest to 'with', an English stop word the
    // full-text query drops: the closest ones must still be products that match the whole search.
    await service.rows(sql`update catalog.products set search_text = search_text || ' wilt' where name = 'Plain Kurta ' || ${SHIRTS + 1}`);
    await service.rows(sql`update catalog.products set search_text = search_text || ' with pocket' where name = 'Plain Top ' || ${TOTAL}`);
    const res = await service.visitor.get(`/api/v1/search?q=${encodeURIComponent('shirt wit')}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ productCountCapped: false });
    expect(res.body.productCount).toBeLessThan(SEARCH_COUNT_CAP);
    expect(namesOf(res.body)).toContain(`Plain Kurta ${SHIRTS + 1}`);
  });
});

describe('deep pages of a search over the cap (decision 0058: its ranked candidates kept)', () => {
  it('answers every page of a kept search in the ranking order, the last one too', async () => {
    // Page 60 ranks pages 60–64 with it; the later ones are slices of what it ranked.
    for (const page of [60, 61, 64, 65, 84, 83, 2]) {
      const res = await service.visitor.get(`/api/v1/search?q=plain&inStock=false&page=${page}`);
      expect(res.body).toMatchObject({ productCount: SEARCH_COUNT_CAP, productCountCapped: true, totalPages: 84, currentPage: page });
      expect(res.body.products).toHaveLength(page === 84 ? 4 : 12);
    }
  });

  it('never shows a product that no longer passes a filter, nor one staff deleted, nor an old name', async () => {
    // Every product in stock first, so the in-stock pages are the ranking's pages.
    await service.rows(sql`update catalog.products set stock = 5 where stock = 0 and jsonb_array_length(sizes) = 0`);
    await service.rows(sql`update catalog.products set stock = 5, stock_detail = jsonb_build_object(sizes->>0, 5) where stock = 0`);
    const page = async (n: number) => namesOf((await service.visitor.get(`/api/v1/search?q=shirt&inStock=true&page=${n}`)).body);
    const before = await page(10);
    expect(before).toEqual(expectedShirt.slice(108, 120));
    const nextBefore = await page(11);
    expect(nextBefore).toEqual(expectedShirt.slice(120, 132));
    // Out of stock now (as an order would leave it): gone from the in-stock pages at once.
    await service.rows(sql`update catalog.products set stock = 0, stock_detail = '{}'::jsonb where name = ${nextBefore[0]!}`);
    expect(await page(11)).not.toContain(nextBefore[0]);
    // Staff delete one and rename another: the kept lists are forgotten, pages answer as a new search would.
    const admin = service.as('admin');
    const [gone] = await service.rows<{ id: string }>(sql`select id from catalog.products where name = ${before[1]!}`);
    expect((await admin.delete(`/api/v1/admin/product/${gone!.id}`)).status).toBe(200);
    const [renamed] = await service.rows<{ id: string }>(sql`select id from catalog.products where name = ${before[2]!}`);
    expect((await admin.put(`/api/v1/admin/product/${renamed!.id}`, { name: 'Renamed Plain Top' })).status).toBe(200);
    const after = await page(10);
    expect(after).not.toContain(before[1]);
    expect(after).not.toContain(before[2]);
    // Ranked anew (a kept list would have left a gap where the deleted product was).
    expect(after).toHaveLength(12);
  });
});
