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

/** How many corrections of one search word take part in the search (the closest first). */
const MAX_CORRECTIONS = 12;

/**
 * The corrections of each search word: the words of the catalog's products (catalog.search_words)
 * whose trigram word similarity to it is at least 0.4, closest first, each list starting with the
 * word itself. `best` holds the closest ones (ties included).
 */
async function correctionsOf(tx: Tx, words: string[]): Promise<Array<{ all: string[]; best: string[] }>> {
  // Per transaction only, so a pooled connection keeps the default for everything else.
  await tx.execute(sql`set local pg_trgm.word_similarity_threshold = 0.4`);
  const values = sql.join(words.map((w, i) => sql`(${i}::int, ${w}::text)`), sql`, `);
  const found = await tx.execute<{ i: number; word: string; ws: number; s: number }>(sql`
    select q.i, w.word, word_similarity(q.word, w.word) as ws, similarity(q.word, w.word) as s
    from (values ${values}) as q(i, word) join catalog.search_words w on q.word <% w.word
    order by q.i, ws desc, s desc, w.word`);
  return words.map((word, i) => {
    const close = rowsOf<{ i: number; word: string; ws: number; s: number }>(found).filter((r) => r.i === i);
    const top = close[0];
    const best = top ? close.filter((r) => r.ws === top.ws && r.s === top.s).map((r) => r.word) : [word];
    return { all: [...new Set([word, ...close.map((r) => r.word)])].slice(0, MAX_CORRECTIONS), best };
  });
}

/** drizzle's execute answers rows directly (PGlite) or in `rows` (node-postgres). */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** A tsquery matching any of the words (stemmed as product texts are), all of the groups. */
function tsqueryOf(groups: string[][]): SQL {
  const all = sql.join(
    groups.map((group) => sql`(${sql.join(group.map((w) => sql`plainto_tsquery('english', ${w})`), sql` || `)})`),
    sql` && `,
  );
  return sql`(${all})`;
}

/**
 * Typo-tolerant search: a product matches when PostgreSQL full-text search finds the words as
 * typed, or when, for every word, its search text holds the word or a close one (a word of the
 * catalog at trigram word similarity ≥ 0.4: 'lether' is 'leather'). Products holding the closest
 * correction of every word come first, then the others; within each, those whose name holds more
 * of the words, then the most popular, unless another order is asked for. 'lether walet' finds 'Leather Wallet' (decision 0032).
 */
export async function searchProducts(deps: CatalogDeps, q: ProductQuery & { search: string }): Promise<ProductPage> {
  const text = q.search.trim();
  const words = searchWords(text);
  const filters = (await filtersOf(deps, q)).where;
  const result = await deps.db.transaction(async (tx) => {
    const typed = sql`websearch_to_tsquery('english', ${text})`;
    let matches = sql`${products}.search_vector @@ ${typed}`;
    let closest = matches;
    // With no word to correct (a search of signs only, e.g. '%'), nothing ranks by the name; a bare
    // `0` in ORDER BY would be read as a column position.
    let inName: SQL | undefined;
    if (words.length) {
      const corrections = await correctionsOf(tx, words);
      const fuzzy = tsqueryOf(corrections.map((c) => c.all));
      matches = sql`${products}.search_vector @@ (${typed} || ${fuzzy})`;
      closest = sql`${products}.search_vector @@ ${tsqueryOf(corrections.map((c) => c.best))}`;
      // How many of the words (closest correction) the name itself holds. Corrections are letters
      // only, so they are safe inside a LIKE pattern.
      inName = sql.join(
        corrections.map((c) => sql`(${or(...c.best.map((w) => sql`${products.name} ilike ${`%${w.replace(/[\\%_]/g, '')}%`}`))})::int`),
        sql` + `,
      );
    }
    const where = and(matches, ...filters);
    const order = q.sort === 'popular' ? [sql`(${closest}) desc`, ...(inName ? [sql`(${inName}) desc`] : []), ...orderings.popular] : orderings[q.sort];
    // One pass over the matches: the page's ids and the total beside them.
    const found = await tx
      .select({ id: products.id, total: sql<number>`(count(*) over ())::int` })
      .from(products)
      .where(where)
      .orderBy(...order)
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    let count = found[0]?.total ?? 0;
    if (found.length === 0 && q.page > 1) [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(products).where(where);
    if (found.length === 0) return { rows: [], count };
    const byId = new Map((await tx.select(productColumns).from(products).where(inArray(products.id, found.map((f) => f.id)))).map((r) => [r.id, r]));
    return { rows: found.map((f) => byId.get(f.id)!), count };
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
