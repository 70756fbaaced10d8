import { startCatalogService, type CatalogTestService } from '../testing/catalog-test-service';

/** Facets of search results (decision 0059) over the demo catalog, as a caller of REST and GraphQL sees them. */
let service: CatalogTestService;

beforeAll(async () => {
  service = await startCatalogService({ demoCatalog: true });
}, 120_000);
afterAll(async () => {
  await service?.close();
});

interface FacetValue {
  value: string;
  label: string;
  count: number;
}
const sum = (values: FacetValue[]) => values.reduce((n, v) => n + v.count, 0);
const search = (query: string) => service.visitor.get(`/api/v1/search?${query}`);

describe('GET /api/v1/search?facets=true', () => {
  it('counts what the matches hold: categories, price bands, sizes, colours, ratings, stock', async () => {
    const res = await search('q=shirt&facets=true&limit=48');
    expect(res.status).toBe(200);
    const { facets, productCount, products } = res.body;
    expect(facets).toMatchObject({ counted: productCount, capped: false });
    expect(products).toHaveLength(productCount);
    // Each product is in one category and one price band: the counts add up to the total.
    expect(sum(facets.categories)).toBe(productCount);
    expect(sum(facets.priceBands)).toBe(productCount);
    expect(facets.categories[0]).toMatchObject({ value: expect.any(String), label: expect.any(String) });
    expect(facets.inStock).toBe(products.filter((p: { stock: number }) => p.stock > 0).length);
    // A size's count is how many of the products offer it.
    for (const size of facets.sizes as FacetValue[]) {
      expect(size.count).toBe(products.filter((p: { size: string[] }) => p.size.includes(size.value)).length);
    }
    for (const color of facets.colors as FacetValue[]) {
      expect(color.count).toBe(products.filter((p: { colors: string[] }) => p.colors.includes(color.value)).length);
    }
    const ratings = facets.ratings as FacetValue[];
    expect(ratings.map((r) => r.value)).toEqual([...ratings.map((r) => r.value)].sort().reverse());
    for (const r of ratings) expect(r.count).toBe(products.filter((p: { rating: number }) => p.rating >= Number(r.value)).length);
  });

  it('filters by each facet value it offers, and the page then holds exactly that many', async () => {
    const { facets } = (await search('q=shirt&facets=true')).body;
    const size = facets.sizes[0] as FacetValue;
    const bySize = await search(`q=shirt&size=${encodeURIComponent(size.value)}&facets=true&limit=48`);
    expect(bySize.body.productCount).toBe(size.count);
    expect(bySize.body.products.every((p: { size: string[] }) => p.size.includes(size.value))).toBe(true);
    const color = facets.colors[0] as FacetValue;
    const byColor = await search(`q=shirt&color=${encodeURIComponent(color.value.toLowerCase())}&limit=48`);
    expect(byColor.body.productCount).toBe(color.count);
    expect(byColor.body.products.every((p: { colors: string[] }) => p.colors.includes(color.value))).toBe(true);
    const category = facets.categories[0] as FacetValue;
    const byCategory = await search(`q=shirt&category=${category.value}&facets=true`);
    expect(byCategory.body.productCount).toBe(category.count);
    expect(byCategory.body.facets.categories).toEqual([category]);
    const rating = await search('q=shirt&rating=4&limit=48');
    expect(rating.body.products.every((p: { rating: number }) => p.rating >= 4)).toBe(true);
  });

  it('leaves facets out unless asked, and answers empty facets for a search that finds nothing', async () => {
    expect((await search('q=shirt')).body.facets).toBeUndefined();
    const none = await search('q=zzqxv&facets=true');
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ productCount: 0, products: [], facets: { counted: 0, categories: [], sizes: [], inStock: 0 } });
  });

  it('refuses bad facet values with a 400 that names them, never a 5xx', async () => {
    const cases: Array<[string, RegExp]> = [
      ['q=shirt&size=XXXXXXL', /size/],
      ['q=shirt&size=' + 'M'.repeat(5000), /size/],
      ['q=shirt&color=Ultraviolet', /colour/],
      ['q=shirt&rating=5', /rating/],
      ['q=shirt&rating=-1', /rating/],
      ['q=shirt&rating=abc', /rating/],
      ['q=shirt&facets=maybe', /true or false/],
      ['q=shirt&size=M&size=L', /size|once/],
    ];
    for (const [query, message] of cases) {
      const res = await search(query);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect(res.body.message).toMatch(message);
    }
    // Signs only, a page far past the end, an unknown category: an empty page or a 400, never a 5xx.
    const signs = await search('q=%25%25%25&facets=true');
    expect(signs.status).toBe(200);
    expect(signs.body.facets).toBeDefined();
    const far = await search('q=shirt&page=999999&facets=true');
    expect(far.status).toBe(200);
    expect(far.body.products).toEqual([]);
    expect((await search('q=shirt&page=9999999')).status).toBe(400);
    expect((await search('q=shirt&category=nowhere&facets=true')).status).toBe(400);
    // Listings do not take the search's facet filters: said, not ignored.
    expect((await service.visitor.graphql('{ products(filter: { size: "M" }) { productCount } }')).body.errors![0]!.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('GraphQL searchProducts { facets }', () => {
  it('answers the same facets, price bands as the PriceBand enum, and takes the filters in ProductFilter', async () => {
    const rest = (await search('q=kurta&facets=true')).body.facets;
    const res = await service.visitor.graphql(
      `{ searchProducts(query: "kurta") { productCount facets { counted capped inStock categories { value label count } priceBands { value count } sizes { value count } colors { value count } ratings { value label count } } } }`,
    );
    const facets = res.body.data.searchProducts.facets;
    expect(facets.counted).toBe(rest.counted);
    expect(facets.categories).toEqual(rest.categories);
    expect(facets.sizes).toEqual(rest.sizes.map(({ value, count }: FacetValue) => ({ value, count })));
    expect(facets.priceBands.map((b: FacetValue) => b.value).every((v: string) => ['under500', 'from500to1000', 'above1000'].includes(v))).toBe(true);
    const size = facets.sizes[0].value;
    const filtered = await service.visitor.graphql(`query($f: ProductFilter) { searchProducts(query: "kurta", filter: $f) { productCount } }`, { f: { size, minRating: 1 } });
    expect(filtered.body.data.searchProducts.productCount).toBeLessThanOrEqual(facets.sizes[0].count);
    const bad = await service.visitor.graphql(`{ searchProducts(query: "kurta", filter: { color: "Ultraviolet" }) { productCount } }`);
    expect(bad.body.errors![0]).toMatchObject({ message: expect.stringMatching(/colour/), extensions: { code: 'BAD_USER_INPUT' } });
    // A listing's page has no facets.
    expect((await service.visitor.graphql('{ products { facets { counted } } }')).body.data.products.facets).toBeNull();
  });
});
