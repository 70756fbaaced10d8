import { startCatalogService, type CatalogTestService } from '../testing/catalog-test-service';

/** Suggestions as one types and "did you mean" (decision 0060), over the demo catalog, as callers see them. */
let service: CatalogTestService;

beforeAll(async () => {
  service = await startCatalogService({ demoCatalog: true });
}, 120_000);
afterAll(async () => {
  await service?.close();
});

const suggest = (q: string) => service.visitor.get(`/api/v1/search/suggest?q=${encodeURIComponent(q)}`);
const productNames = (body: { products: Array<{ name: string }> }) => body.products.map((p) => p.name);

describe('GET /api/v1/search/suggest', () => {
  it('suggests products holding the words typed, the last one as the start of a word', async () => {
    const res = await suggest('leath');
    expect(res.status).toBe(200);
    expect((res as unknown as { headers: Headers }).headers.get('cache-control')).toMatch(/public/);
    expect(productNames(res.body)).toContain('Leather Wallet');
    expect(res.body.products.length).toBeLessThanOrEqual(6);
    expect(res.body.products[0]).toEqual({ id: expect.any(String), name: expect.any(String), price: expect.any(Number), thumbnail: null, category: expect.any(String) });
    const two = await suggest('leather wal');
    expect(productNames(two.body)).toEqual(['Leather Wallet']);
  });

  it("matches from the start of a word only: 'men' suggests no women's products, and the Men category", async () => {
    const res = await suggest('men');
    expect(res.body.categories.map((c: { name: string }) => c.name)).toContain('Men');
    expect(res.body.categories.map((c: { name: string }) => c.name)).not.toContain('Women');
    for (const p of res.body.products as Array<{ name: string; category: string }>) expect(p.category).not.toBe('Women');
    const kurti = await suggest('kurt');
    expect(productNames(kurti.body).some((n) => /Kurti/.test(n))).toBe(true);
    expect(productNames(kurti.body).some((n) => /Kurta/.test(n))).toBe(true);
  });

  it('suggests categories by their name or a subcategory', async () => {
    const res = await suggest('foot');
    expect(res.body.categories).toContainEqual({ index: expect.any(Number), str: 'footwear', name: 'Footwear' });
  });

  it('answers empty lists for signs only, and 400 for nothing or too much, never a 5xx', async () => {
    for (const q of ['%%%', '!!', "'", 'a', '\\:*']) {
      const res = await suggest(q);
      expect({ q, status: res.status }).toEqual({ q, status: 200 });
      expect(res.body).toMatchObject({ products: [], categories: [] });
    }
    expect((await suggest('shirt:* & !')).status).toBe(200);
    const empty = await service.visitor.get('/api/v1/search/suggest');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please enter something to search for');
    expect((await suggest('x'.repeat(101))).status).toBe(400);
    expect((await suggest('Lamp\u0000')).status).toBe(400);
    const gqlNul = await service.visitor.graphql('query($q: String!) { searchSuggestions(query: $q) { query } }', { q: 'Lamp\u0000' });
    expect(gqlNul.body.errors![0]!.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('answers the same over GraphQL', async () => {
    const rest = (await suggest('leath')).body;
    const res = await service.visitor.graphql('query($q: String!) { searchSuggestions(query: $q) { query products { id name price thumbnail category } categories { index str name } } }', { q: 'leath' });
    expect(res.body.data.searchSuggestions).toEqual({ query: 'leath', products: rest.products, categories: rest.categories });
    const bad = await service.visitor.graphql('{ searchSuggestions(query: "") { query } }');
    expect(bad.body.errors![0]!.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('did you mean', () => {
  it('says what a corrected search searched for', async () => {
    const res = await service.visitor.get('/api/v1/search?q=lether%20walet');
    expect(res.body).toMatchObject({ didYouMean: 'leather wallet', corrected: true });
    expect(productNames(res.body)).toContain('Leather Wallet');
    const asTyped = await service.visitor.get('/api/v1/search?q=leather%20wallet');
    expect(asTyped.body).toMatchObject({ didYouMean: null, corrected: false });
  });

  it('offers a text that finds something when a search finds nothing', async () => {
    // Three slips from 'wallet': too far to be corrected, close enough to be suggested.
    const res = await service.visitor.get('/api/v1/search?q=walllettt');
    expect(res.body).toMatchObject({ productCount: 0, corrected: false, didYouMean: 'wallet' });
    const nothing = await service.visitor.get('/api/v1/search?q=qqqzzz');
    expect(nothing.body).toMatchObject({ productCount: 0, didYouMean: null, corrected: false });
  });

  it('answers didYouMean and corrected over GraphQL; listings say false and null', async () => {
    const res = await service.visitor.graphql('{ searchProducts(query: "lether walet") { didYouMean corrected productCount } }');
    expect(res.body.data.searchProducts).toMatchObject({ didYouMean: 'leather wallet', corrected: true });
    const listing = await service.visitor.graphql('{ products { didYouMean corrected } }');
    expect(listing.body.data.products).toEqual({ didYouMean: null, corrected: false });
  });
});
