import { and, arrayContains, asc, desc, eq, getTableColumns, gt, gte, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  catalogMessages,
  PRICE_BAND_LIMITS,
  RELATED_PRODUCTS,
  type ProductQuery,
  type ProductSort,
} from '@shop/proto-contracts';
import { badRequest, notFound, type Db, type Tx } from '@shop/platform';
import { products, type ProductRow } from '../db/schema';
import type { CatalogDeps } from './catalog-deps';
import { isUuid } from './catalog-errors';
import type { Category } from './category.directory';
import { findSubcategory } from './category.directory';
import { facetCount, facetCountsByCategory, PRICE_BAND_NUMBERS, type FacetFilter } from './product-facets';
import { pageOf, type Product, type ProductColumns, type ProductPage } from './product.model';

const { searchText: _searchText, ...productColumns } = getTableColumns(products);
export { productColumns };

/** Attaches each row's category (from the cached directory, not a join). */
export async function withCategories(deps: CatalogDeps, rows: ProductColumns[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const list = await deps.categories.all();
  const byId = new Map(list.map((c) => [c.id, c]));
  return rows.map((row) => {
    const category = byId.get(row.categoryId);
    if (!category) throw new Error(`Product ${row.id} has an unknown category ${row.categoryId}`);
    return { ...row, category };
  });
}

const orderings: Record<ProductSort, SQL[]> = {
  popular: [desc(products.reviewCount), desc(products.rating), desc(products.createdAt), asc(products.id)],
  newest: [desc(products.createdAt), asc(products.id)],
  price_asc: [asc(products.price), asc(products.id)],
  price_desc: [desc(products.price), asc(products.id)],
  discount: [desc(products.discount), desc(products.reviewCount), asc(products.id)],
  rating: [desc(products.rating), desc(products.reviewCount), asc(products.id)],
};

/** The category a listing asks for, or a 400 naming what is wrong. */
export async function categoryOfQuery(deps: CatalogDeps, key: string): Promise<Category> {
  const category = await deps.categories.resolve(key);
  if (!category) throw badRequest(`${catalogMessages.unknownCategory}: ${key}`);
  return category;
}

/** The WHERE of a listing (category, subcategory, tag, price band, discount and stock filters) and the same filters as facets. */
async function filtersOf(deps: CatalogDeps, q: ProductQuery): Promise<{ where: SQL[]; facets: FacetFilter }> {
  const where: SQL[] = [];
  const facets: FacetFilter = {};
  let category: Category | undefined;
  if (q.category !== undefined) {
    category = await categoryOfQuery(deps, q.category);
    where.push(eq(products.categoryId, category.id));
    facets.categoryId = category.id;
  }
  if (q.subcat !== undefined) {
    const candidates = category ? [category] : await deps.categories.all();
    const sub = candidates.map((c) => findSubcategory(c, q.subcat!)).find(Boolean);
    if (!sub) throw badRequest(`${catalogMessages.unknownSubcatFilter}: ${q.subcat}`);
    where.push(eq(products.subcat, sub.str));
    facets.subcat = sub.str;
  }
  if (q.tag) {
    where.push(arrayContains(products.tags, [q.tag]));
    facets.tag = q.tag;
  }
  const band = PRICE_BAND_LIMITS[q.price];
  if (band.min !== undefined) where.push(gte(products.price, band.min));
  if (band.max !== undefined) where.push(lte(products.price, band.max));
  facets.priceBand = PRICE_BAND_NUMBERS[q.price];
  if (q.withDiscount) {
    where.push(gt(products.discount, 0));
    facets.discounted = true;
  }
  if (q.inStock) {
    where.push(gt(products.stock, 0));
    facets.inStock = true;
  }
  return { where, facets };
}

/**
 * The rows of one page (inside a transaction, pass its `tx`), none when the page starts past the
 * total. The page's ids are found first, from the ordering's index alone where one fits (a deep
 * page skips index entries, not table rows), then those rows are read.
 */
async function pageRows(db: Db | Tx, where: SQL | undefined, order: SQL[], q: Pick<ProductQuery, 'page' | 'limit'>, total: number) {
  const offset = (q.page - 1) * q.limit;
  if (offset >= total) return [];
  const ids = db.select({ id: products.id }).from(products).where(where).orderBy(...order).limit(q.limit).offset(offset);
  return db.select(productColumns).from(products).where(inArray(products.id, ids)).orderBy(...order);
}

/** The total (counted) and the rows of one page (inside a transaction, pass its `tx`). */
async function runPage(db: Db | Tx, where: SQL | undefined, order: SQL[], q: Pick<ProductQuery, 'page' | 'limit'>) {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(products).where(where);
  const rows = count === 0 ? [] : await db.select(productColumns).from(products).where(where).orderBy(...order).limit(q.limit).offset((q.page - 1) * q.limit);
  return { rows, count };
}

async function toPage(deps: CatalogDeps, result: { rows: ProductColumns[]; count: number }, q: Pick<ProductQuery, 'page' | 'limit'>) {
  return pageOf(await withCategories(deps, result.rows), result.count, q.page, q.limit);
}

/** A filtered, sorted page of products (GET /products, /productsByTag; the GraphQL listings). */
export async function listProducts(deps: CatalogDeps, q: ProductQuery): Promise<ProductPage> {
  if (q.search !== undefined) return searchProducts(deps, { ...q, search: q.search });
  const { where, facets } = await filtersOf(deps, q);
  const count = await facetCount(deps, facets);
  const rows = await pageRows(deps.db, and(...where), orderings[q.sort], q, count);
  return toPage(deps, { rows, count }, q);
}

/** Words of a search worth matching by trigrams: lower-cased, 2+ characters, at most 8. */
export function searchWords(text: string): string[] {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 2);
  return [...new Set(words)].slice(0, 8);
}

/**
 * Typo-tolerant search: a product matches when PostgreSQL full-text search finds the words, or when
 * every word is close (trigram word similarity ≥ 0.4) to a word of its name, category, subcategory,
 * colours or tags. Ranked by word match on the name, then full-text rank, then popularity, unless
 * another order is asked for. 'lether walet' finds 'Leather Wallet'.
 */
export async function searchProducts(deps: CatalogDeps, q: ProductQuery & { search: string }): Promise<ProductPage> {
  const text = q.search.trim();
  const words = searchWords(text);
  const tsQuery = sql`websearch_to_tsquery('english', ${text})`;
  const fullText = sql`search_vector @@ ${tsQuery}`;
  const fuzzy = words.length ? and(...words.map((w) => sql`${w} <% ${products.searchText}`)) : undefined;
  const matches = fuzzy ? or(fullText, fuzzy)! : fullText;
  const nameScore = words.length
    ? sql.join(words.map((w) => sql`word_similarity(${w}, ${products.name})`), sql` + `)
    : sql`0`;
  const rank = sql`(${nameScore}) / ${Math.max(words.length, 1)} + similarity(${text}, ${products.name}) + ts_rank(search_vector, ${tsQuery})`;
  const order = q.sort === 'popular' ? [sql`${rank} desc`, ...orderings.popular] : orderings[q.sort];
  const where = and(matches, ...(await filtersOf(deps, q)).where);
  const result = await deps.db.transaction(async (tx) => {
    // Per transaction only, so a pooled connection keeps the default for everything else.
    await tx.execute(sql`set local pg_trgm.word_similarity_threshold = 0.4`);
    return runPage(tx, where, order, q);
  });
  return toPage(deps, result, q);
}

/** Staff list: every product, newest first, optionally those whose name or code contains a text. */
export async function listProductsForStaff(deps: CatalogDeps, q: { page: number; limit: number; q?: string }): Promise<ProductPage> {
  if (!q.q) {
    const count = await facetCount(deps, {});
    return toPage(deps, { rows: await pageRows(deps.db, undefined, orderings.newest, q, count), count }, q);
  }
  const pattern = `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = or(sql`${products.name} ilike ${pattern}`, sql`${products.code} ilike ${pattern}`);
  return toPage(deps, await runPage(deps.db, where, orderings.newest, q), q);
}

/** One product by its internal id: 400 'Invalid product ID' when malformed, 404 when unknown. */
export async function getProduct(deps: CatalogDeps, id: string): Promise<Product> {
  const product = await findProduct(deps, id);
  if (!product) throw notFound(catalogMessages.productNotFound);
  return product;
}

/** Like getProduct, but undefined when unknown. */
export async function findProduct(deps: CatalogDeps, id: string): Promise<Product | undefined> {
  if (!isUuid(id)) throw badRequest(catalogMessages.invalidProductId);
  const [row] = await deps.db.select(productColumns).from(products).where(eq(products.id, id));
  return row ? (await withCategories(deps, [row]))[0] : undefined;
}

/** Several products by id in one query (federation references); ids that are malformed or unknown are left out. */
export async function productsByIds(deps: CatalogDeps, ids: readonly string[]): Promise<Map<string, Product>> {
  const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await deps.db.select(productColumns).from(products).where(inArray(products.id, wanted));
  return new Map((await withCategories(deps, rows)).map((p) => [p.id, p]));
}

/** Up to `limit` (at most 4) other products of the same category, most popular first. */
export async function relatedProducts(deps: CatalogDeps, product: Pick<ProductRow, 'id' | 'categoryId'>, limit = RELATED_PRODUCTS): Promise<Product[]> {
  const n = Math.max(0, Math.min(RELATED_PRODUCTS, Math.trunc(limit)));
  if (n === 0) return [];
  const rows = await deps.db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.categoryId, product.categoryId), ne(products.id, product.id)))
    .orderBy(...orderings.popular)
    .limit(n);
  return withCategories(deps, rows);
}

/** How many products each category holds, by category id (from the facet table: no count over products). */
export async function productCountsByCategory(deps: CatalogDeps): Promise<Map<string, number>> {
  return facetCountsByCategory(deps);
}
