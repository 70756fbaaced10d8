import { and, arrayContains, asc, desc, eq, getTableColumns, gt, gte, inArray, lte, ne, or, sql, type Column, type SQL } from 'drizzle-orm';
import {
  catalogMessages,
  PRICE_BAND_LIMITS,
  RELATED_PRODUCTS,
  SEARCH_COUNT_CAP,
  type ProductQuery,
  type ProductSort,
  type SearchFacets,
} from '@shop/proto-contracts';
import { badRequest, fixedStatement, notFound, onGenericPlan, rowsAs, type Db, type FixedStatement, type Tx } from '@shop/platform';
import { products, type ProductRow } from '../db/schema';
import type { CatalogDeps } from './catalog-deps';
import { isUuid } from './catalog-errors';
import type { Category } from './category.directory';
import { findSubcategory } from './category.directory';
import { COMPACT_AFTER_ROWS, compactInBackground, facetCount, facetCountsByCategory, PRICE_BAND_NUMBERS, type FacetFilter } from './product-facets';
import { pageOf, type Product, type ProductColumns, type ProductPage } from './product.model';
import { keepCandidates, keptCandidates } from './search-candidates';
import { searchFacetsOf } from './search-facets';
import { slipsAllowed, typoDistance } from './typo-distance';

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

/**
 * Each ordering of the products as its keys before the id, which all go the same way, then the id
 * ascending: what `orderings` and `sqlOrderings` are made from, and the keyset a walk goes on from.
 */
export const orderKeys: Record<ProductSort, { columns: Column[]; descending: boolean }> = {
  popular: { columns: [products.reviewCount, products.rating, products.createdAt], descending: true },
  newest: { columns: [products.createdAt], descending: true },
  price_asc: { columns: [products.price], descending: false },
  price_desc: { columns: [products.price], descending: true },
  discount: { columns: [products.discount, products.reviewCount], descending: true },
  rating: { columns: [products.rating, products.reviewCount], descending: true },
};

const eachSort = <T>(of: (keys: { columns: Column[]; descending: boolean }) => T) =>
  Object.fromEntries(Object.entries(orderKeys).map(([sort, keys]) => [sort, of(keys)])) as Record<ProductSort, T>;

export const orderings: Record<ProductSort, SQL[]> = eachSort(({ columns, descending }) => [...columns.map((c) => (descending ? desc(c) : asc(c))), asc(products.id)]);

/**
 * The same orders with an expression as first key, so no index serves them: the planner then finds
 * the rows by the filters' indexes and sorts them, and never walks an ordering's index looking for
 * rows that may be few (decision 0040).
 */
const sortedOrderings: Record<ProductSort, SQL[]> = {
  popular: [sql`${products.reviewCount} + 0 desc`, sql`${products.rating} + 0 desc`, desc(products.createdAt), asc(products.id)],
  newest: [sql`${products.createdAt} + interval '0 s' desc`, asc(products.id)],
  price_asc: [sql`${products.price} + 0 asc`, asc(products.id)],
  price_desc: [sql`${products.price} + 0 desc`, asc(products.id)],
  discount: [sql`${products.discount} + 0 desc`, desc(products.reviewCount), asc(products.id)],
  rating: [sql`${products.rating} + 0 desc`, desc(products.reviewCount), asc(products.id)],
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
    // in_stock (generated: stock > 0) is what the listing indexes carry, not stock (decision 0038).
    where.push(sql`${products}.in_stock`);
    facets.inStock = true;
  }
  // A search's facet filters (decision 0059); values checked by searchFacetFilterSchema.
  if (q.size !== undefined) where.push(sql`${products.sizes} @> ${JSON.stringify([q.size])}::jsonb`);
  if (q.color !== undefined) where.push(sql`${products.colors} @> ${JSON.stringify([q.color])}::jsonb`);
  if (q.minRating !== undefined) where.push(gte(products.rating, q.minRating));
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
  if (q.size !== undefined || q.color !== undefined || q.minRating !== undefined) throw badRequest(catalogMessages.searchFiltersOnly);
  const { facets } = await filtersOf(deps, q);
  const { statement, params, valueFree } = listingStatementOf(facets, q);
  const found = valueFree ? await onGenericPlan(deps.db, statement, params) : await statement(deps.db, params);
  const head = found[0]!;
  if (head.facet_rows > COMPACT_AFTER_ROWS) compactInBackground(deps);
  const rows = head.id === null ? [] : rowsAs<ProductColumns>(productColumns, found);
  return toPage(deps, { rows, count: head.total }, q);
}

/** SQL of each listing ordering, on the products table's own column names. */
const sqlOrderings: Record<ProductSort, string> = eachSort(({ columns, descending }) =>
  [...columns.map((c) => `${c.name} ${descending ? 'desc' : 'asc'}`), 'id asc'].join(', '),
);

const productColumnList = Object.values(productColumns)
  .map((c) => `"${c.name}"`)
  .join(', ');

type ListingRow = Record<string, unknown> & { total: number; facet_rows: number; id: string | null };

/** The listing statement of each shape of filters and ordering, written once (decision 0039). */
const listingStatements = new Map<string, FixedStatement<ListingRow>>();

/**
 * A listing page in one statement (decision 0039): the total from the facet table (as facetCount
 * reads it) and, when the page starts before the total, the page's ids from the ordering's index
 * and their rows (as pageRows reads them). One row per product, or one row of the total alone.
 * Written once per shape of filters, so each call only binds its values.
 */
function listingStatementOf(f: FacetFilter, q: ProductQuery): { statement: FixedStatement<ListingRow>; params: unknown[]; valueFree: boolean } {
  const params: unknown[] = [f.tag ?? ''];
  const facetWhere = ['tag = $1'];
  const where: string[] = [];
  const band = PRICE_BAND_LIMITS[q.price];
  const key: string[] = [q.sort];
  if (f.categoryId !== undefined) {
    params.push(f.categoryId);
    facetWhere.push(`category_id = $${params.length}`);
    where.push(`category_id = $${params.length}`);
    key.push('c');
  }
  if (f.subcat !== undefined) {
    params.push(f.subcat);
    facetWhere.push(`subcat = $${params.length}`);
    where.push(`subcat = $${params.length}`);
    key.push('s');
  }
  if (f.tag !== undefined) {
    where.push('tags @> array[$1::text]');
    key.push('t');
  }
  if (f.priceBand !== undefined) {
    params.push(f.priceBand);
    facetWhere.push(`price_band = $${params.length}::smallint`);
    key.push(`b`);
    if (band.min !== undefined) {
      params.push(band.min);
      where.push(`price >= $${params.length}::int`);
      key.push('min');
    }
    if (band.max !== undefined) {
      params.push(band.max);
      where.push(`price <= $${params.length}::int`);
      key.push('max');
    }
  }
  if (f.discounted) {
    facetWhere.push('discounted');
    where.push('discount > 0');
    key.push('d');
  }
  if (f.inStock) {
    facetWhere.push('in_stock');
    // in_stock (generated: stock > 0) is what the listing indexes carry, not stock (decision 0038).
    where.push('in_stock');
    key.push('i');
  }
  params.push(q.limit, (q.page - 1) * q.limit);
  const limit = `$${params.length - 1}::int`;
  const offset = `$${params.length}::bigint`;
  const id = key.join(' ');
  let statement = listingStatements.get(id);
  if (!statement) {
    const order = sqlOrderings[q.sort];
    statement = fixedStatement<ListingRow>(`with facets as (
  select coalesce(sum(n), 0)::int as total, count(*)::int as facet_rows from catalog.product_facets where ${facetWhere.join(' and ')}
)
select facets.total, facets.facet_rows, page.* from facets left join lateral (
  select ${productColumnList} from catalog.products
  where id = any(array(
    select id from catalog.products where ${['facets.total > ' + offset, ...where].join(' and ')} order by ${order} limit ${limit} offset ${offset}
  ))
) page on true
order by ${order.replace(/(^|, )/g, '$1page.')}`);
    listingStatements.set(id, statement);
  }
  // Without a tag or a price range, and for a category only in the popular order (its index leads
  // with the category), the best plan is the same whatever the values: it is made once, not for
  // every page (decision 0089). Otherwise how many products match decides which index is better.
  const valueFree = f.tag === undefined && f.priceBand === undefined && ((f.categoryId === undefined && f.subcat === undefined) || q.sort === 'popular');
  return { statement, params, valueFree };
}

/** Words of a search worth matching by trigrams: lower-cased, 2+ characters, at most 8. */
export function searchWords(text: string): string[] {
  const words = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 2);
  return [...new Set(words)].slice(0, 8);
}

/** A catalog word close to a search word (see correctionsOf). */
type CorrectionRow = { i: number; word: string; ws: number; s: number; stop: boolean };

/** How many corrections of one search word take part in the search (the closest first). */
const MAX_CORRECTIONS = 12;

/**
 * The corrections of each search word: the words of the catalog's products (catalog.search_words)
 * whose trigram word similarity to it is at least 0.4, closest first, each list starting with the
 * word itself, and only those a few typing slips away (by its length, {@link slipsAllowed}). `best`
 * holds the closest ones (ties included). A word that is itself one of the catalog's words has no
 * corrections, unless it is `stale`: no product holds it any more (decision 0041).
 */
async function correctionsOf(
  tx: Tx,
  words: string[],
  stale: ReadonlySet<string>,
): Promise<Array<{ all: string[]; best: string[]; bestDropped: boolean; asTyped: boolean }>> {
  // Per transaction only, so a pooled connection keeps the default for everything else.
  await tx.execute(sql`set local pg_trgm.word_similarity_threshold = 0.4`);
  const values = sql.join(words.map((w, i) => sql`(${i}::int, ${w}::text)`), sql`, `);
  // `stop`: an English stop word ('with'), which full-text search drops from a query.
  const found = await tx.execute<CorrectionRow>(sql`
    select q.i, w.word, word_similarity(q.word, w.word) as ws, similarity(q.word, w.word) as s,
      numnode(plainto_tsquery('english', w.word)) = 0 as stop
    from (values ${values}) as q(i, word) join catalog.search_words w on q.word <% w.word
    order by q.i, ws desc, s desc, w.word`);
  return words.map((word, i) => {
    const similar = rowsOf<CorrectionRow>(found).filter((r) => r.i === i);
    // A word of the catalog is taken as typed, not as a typo: 'men' is not 'women', 'shirt' is not
    // 'shin'. Full-text search still finds its other forms ('shirts').
    const known = stale.has(word) ? undefined : similar.find((r) => r.word === word);
    if (known) return { all: [word], best: [word], bestDropped: known.stop, asTyped: true };
    // Similar by trigrams and also a few typing slips away: 'mens' is 'men' or 'pens', not 'memory'.
    // A stale word is not its own closest correction (no product holds it).
    const slips = slipsAllowed(word);
    const close = similar.filter((r) => r.word !== word && typoDistance(word, r.word, slips) <= slips);
    const top = close[0];
    const bestRows = top ? close.filter((r) => r.ws === top.ws && r.s === top.s) : [];
    const best = top ? bestRows.map((r) => r.word) : [word];
    return {
      all: [...new Set([word, ...close.map((r) => r.word)])].slice(0, MAX_CORRECTIONS),
      best,
      // Every closest word a stop word: the group drops out of the closest words' query.
      bestDropped: bestRows.length > 0 && bestRows.every((r) => r.stop),
      asTyped: false,
    };
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
 *
 * The matches are counted up to SEARCH_COUNT_CAP and no further, and only pages up to the cap are
 * offered (decision 0040). A search under the cap is ranked in one sort of its matches and its
 * total is exact; a broader one walks the ranking's tiers (closest or not, then how many of the
 * words the name holds) best first, each in the ordering's index order, until the page is filled:
 * the same order, without reading every match.
 */
export async function searchProducts(
  deps: CatalogDeps,
  q: ProductQuery & { search: string },
  opts: { facets?: boolean } = {},
): Promise<SearchPage> {
  const text = q.search.trim();
  const words = searchWords(text);
  const { where: filters, facets: facetFilter } = await filtersOf(deps, q);
  const offset = (q.page - 1) * q.limit;
  // A broad search's ranked candidates, kept from an earlier page (decision 0058): a slice of them.
  const key = JSON.stringify([text.toLowerCase().replace(/\s+/g, ' '), facetFilter, q.size, q.color, q.minRating, q.sort]);
  const keptList = q.page > 1 ? keptCandidates(deps.db, key, Math.min(offset + q.limit, SEARCH_COUNT_CAP)) : undefined;
  if (keptList && (!opts.facets || keptList.facets)) {
    const ids = offset < keptList.count ? keptList.ranked.slice(offset, Math.min(offset + q.limit, keptList.count)) : [];
    const page = pageOf(await withCategories(deps, await rowsInOrder(deps.db, ids, filters)), keptList.count, q.page, q.limit, keptList.capped);
    const answer: SearchPage = { ...page, didYouMean: keptList.didYouMean, corrected: keptList.didYouMean !== null };
    return opts.facets ? { ...answer, facets: keptList.facets } : answer;
  }
  const categoryList = opts.facets ? await deps.categories.all() : [];
  // How many products the catalog holds (facet table, < 1 ms): read before the transaction, since
  // the embedded PGlite has one connection.
  const catalogSize = await facetCount(deps, {});
  const searchIn = async (tx: Tx, stale: ReadonlySet<string>) => {
    let takenAsTyped: string[] = [];
    // The words as corrected (each typo its closest correction), when that differs from what was typed.
    let correctedText: string | undefined;
    const typed = sql`websearch_to_tsquery('english', ${text})`;
    let matches = sql`${products}.search_vector @@ ${typed}`;
    // The ranking's tiers, best first (sort popular with words to correct); none: one ordering.
    const tiers: Tier[] = [];
    let order = orderings[q.sort];
    // Products holding the closest correction of every word: all of them match (the closest words
    // are among the corrections), and they are the fewer, cheaper to find.
    let closestOnes: SQL | undefined;
    let walkTier: SQL | undefined;
    if (words.length) {
      const corrections = await correctionsOf(tx, words, stale);
      takenAsTyped = words.filter((_, i) => corrections[i]!.asTyped);
      const correctedWords = words.map((w, i) => (corrections[i]!.asTyped ? w : (corrections[i]!.best[0] ?? w)));
      if (correctedWords.some((w, i) => w !== words[i])) correctedText = correctedWords.join(' ');
      const fuzzy = tsqueryOf(corrections.map((c) => c.all));
      matches = sql`${products}.search_vector @@ (${typed} || ${fuzzy})`;
      const closest = sql`${products}.search_vector @@ ${tsqueryOf(corrections.map((c) => c.best))}`;
      // When a word's closest corrections are all stop words ('with' for 'wit'), PostgreSQL drops
      // that group from `closest`, which then holds products that do not match: `matches` joins it
      // then (only then: it makes a broad search's count several times slower).
      if (corrections.every((c) => c.best.every((w) => c.all.includes(w)))) {
        closestOnes = corrections.some((c) => c.bestDropped) ? and(matches, closest, ...filters) : and(closest, ...filters);
      }
      // Whether the name itself holds each word (its closest correction). Corrections are letters
      // only, so they are safe inside a LIKE pattern (and the names' trigram index can find them).
      const patterns = corrections.map((c) => c.best.map((w) => `%${w.replace(/[\\%_]/g, '')}%`));
      const named = patterns.map((p) => or(...p.map((pattern) => sql`${products.name} ilike ${pattern}`))!);
      // The same, in a form the names' trigram index does not take (for a tier many products are in,
      // the full-text index alone finds it sooner).
      const namedPlain = patterns.map((p) => or(...p.map((pattern) => sql`(${products.name} || '') ilike ${pattern}`))!);
      const inName = sql.join(named.map((n) => sql`(${n})::int`), sql` + `);
      if (q.sort === 'popular') {
        // The walk's tier of a product in one expression, each test once (decision 0058): the
        // closest ones first, then by how many words the name holds — the order of `tiers` below.
        const inNamePlain = sql.join(namedPlain.map((n) => sql`(${n})::int`), sql` + `);
        const w = words.length;
        walkTier = sql`(case when (${closest}) then 0 else ${sql.raw(String(w + 1))} end) + ${sql.raw(String(w))} - (${inNamePlain})`;
        order = [sql`(${closest}) desc`, sql`(${inName}) desc`, ...orderings.popular];
        const tier = (best: SQL[], n: number): Tier => ({
          indexed: and(...best, nameHolds(named, inName, n))!,
          plain: and(...best, nameHolds(namedPlain, inName, n))!,
        });
        const closestTier = closestOnes ? [closestOnes] : [matches, closest, ...filters];
        for (let n = words.length; n >= 0; n--) tiers.push(tier(closestTier, n));
        for (let n = words.length; n >= 0; n--) tiers.push(tier([matches, sql`not (${closest})`, ...filters], n));
      }
    }
    const where = and(matches, ...filters);
    // Counted up to one past the cap: more than the cap reads "1,000+" and is not counted further.
    // The closest ones are counted first: when they alone pass the cap, the rest need no count.
    const countUpTo = async (w: SQL | undefined) => {
      const [{ count }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(sql`(${tx.select({ one: sql`1` }).from(products).where(w).limit(SEARCH_COUNT_CAP + 1)}) as m`);
      return count;
    };
    const countMatches = async () => {
      const closestCount = closestOnes ? await countUpTo(closestOnes) : 0;
      return closestCount > SEARCH_COUNT_CAP ? closestCount : countUpTo(where);
    };
    // Ranked by tiers first where the walk finds the search broad (the same order as one sort of
    // every match, at any size): reading a crowded tier from the indexes tells its size, and a tier
    // of more than the cap needs no count. Else counted first, and under the cap sorted in one go.
    // Past the first page, a few pages ahead are ranked too: they are kept for the next pages (decision 0058).
    const end = Math.min(offset + (q.page > 1 ? CANDIDATE_PAGES_AHEAD + 1 : 1) * q.limit, SEARCH_COUNT_CAP);
    const ranking = tiers.length && end > offset ? await rankedByTiers(catalogSize, tx, tiers, where, end, q.sort, { broadOnly: true, walkTier }) : undefined;
    const counted = ranking && ranking.atLeast > SEARCH_COUNT_CAP ? ranking.atLeast : await countMatches();
    let ids: string[];
    // The ranked candidates of a search over the cap, from the first place (kept for its next pages).
    let ranked: string[] | undefined;
    const wanted = Math.min(q.limit, Math.min(counted, SEARCH_COUNT_CAP) - offset);
    if (wanted <= 0) {
      ids = [];
    } else if (ranking) {
      ranked = ranking.ranked;
      ids = ranking.ranked.slice(offset, offset + wanted);
    } else if (counted <= SEARCH_COUNT_CAP) {
      // Under the cap: one sort of the (at most 1,000) matches.
      const found = await tx.select({ id: products.id }).from(products).where(where).orderBy(...order).limit(wanted).offset(offset);
      ids = found.map((f) => f.id);
    } else {
      // Over the cap: the tiers, or for other sorts (or nothing to rank by) one tier, all matches.
      const ranks = tiers.length ? tiers : [{ indexed: where!, plain: where! }];
      ranked = (await rankedByTiers(catalogSize, tx, ranks, where, Math.max(end, offset + wanted), q.sort, { walkTier: tiers.length ? walkTier : undefined }))!.ranked;
      ids = ranked.slice(offset, offset + wanted);
    }
    const capped = counted > SEARCH_COUNT_CAP;
    const count = Math.min(counted, SEARCH_COUNT_CAP);
    // The facets of a search that found something (one that finds nothing may run again, below).
    const facets = opts.facets && counted > 0 ? await searchFacetsOf(tx, where, categoryList) : undefined;
    const candidates = capped && ranked && q.page > 1 ? { ranked, count, capped, facets, didYouMean: correctedText ?? null } : undefined;
    if (ids.length === 0) return { rows: [], count, capped, takenAsTyped, candidates, facets, correctedText };
    const byId = new Map((await tx.select(productColumns).from(products).where(inArray(products.id, ids))).map((r) => [r.id, r]));
    return { rows: ids.map((id) => byId.get(id)!), count, capped, takenAsTyped, candidates, facets, correctedText };
  };
  const result = await deps.db.transaction(async (tx) => {
    const first = await searchIn(tx, new Set());
    if (first.count > 0 || first.takenAsTyped.length === 0) return first;
    // Nothing found with words taken as typed: some may be words only products renamed or deleted
    // since held (catalog.search_words keeps their words: 'lether' after 'Lether Wallet' became
    // 'Leather Wallet'). Those are typos again, and the search runs once more (decision 0041).
    const stale = await wordsNoProductHolds(tx, first.takenAsTyped);
    return stale.length ? searchIn(tx, new Set(stale)) : first;
  });
  if (result.candidates) keepCandidates(deps.db, key, result.candidates);
  const page = pageOf(await withCategories(deps, result.rows), result.count, q.page, q.limit, result.capped);
  // "Showing results for …" (found through corrections), or "Did you mean …?" (found nothing).
  let didYouMean: string | null = result.correctedText ?? null;
  if (result.count === 0 && !didYouMean && words.length) didYouMean = await looserSuggestion(deps, words);
  const answer: SearchPage = { ...page, didYouMean, corrected: result.count > 0 && didYouMean !== null };
  return opts.facets ? { ...answer, facets: result.facets ?? NO_FACETS } : answer;
}

/** A search's page: besides the listing's fields, a better text for it, and the facets when asked for. */
export interface SearchPage extends ProductPage {
  /** The words corrected ('leather wallet' for 'lether walet'), or a text that finds something when this one found nothing; else null. */
  didYouMean: string | null;
  /** True when the products shown were found through the corrections of didYouMean ("Showing results for …"). */
  corrected: boolean;
  facets?: SearchFacets;
}

/**
 * For a search that found nothing and had no typo a few slips away: each word's closest catalog word
 * by trigram similarity (PostgreSQL's default 0.3, however many slips), when some product holds all
 * of them together (decision 0060). Null when none does, or nothing changes.
 */
async function looserSuggestion(deps: CatalogDeps, words: string[]): Promise<string | null> {
  const values = sql.join(words.map((w, i) => sql`(${i}::int, ${w}::text)`), sql`, `);
  const rows = rowsOf<{ i: number; word: string | null }>(
    await deps.db.execute(sql`
      select q.i, (select w.word from catalog.search_words w where w.word % q.word and w.word <> q.word
        and numnode(plainto_tsquery('english', w.word)) > 0
        order by similarity(w.word, q.word) desc, w.word limit 1) as word
      from (values ${values}) as q(i, word) order by q.i`),
  );
  const suggested = words.map((w, i) => rows.find((r) => r.i === i)?.word ?? w);
  if (suggested.every((w, i) => w === words[i])) return null;
  const text = suggested.join(' ');
  const [found] = rowsOf<{ found: boolean }>(
    await deps.db.execute(sql`select exists (select from ${products} where ${products}.search_vector @@ ${tsqueryOf(suggested.map((w) => [w]))}) as found`),
  );
  return found?.found ? text : null;
}

/** The facets of a search that finds nothing. */
const NO_FACETS: SearchFacets = { counted: 0, capped: false, categories: [], priceBands: [], sizes: [], colors: [], ratings: [], inStock: 0 };

/** How many pages past the one asked for a deep page of a broad search ranks (and keeps) with it. */
const CANDIDATE_PAGES_AHEAD = 4;

/**
 * The products of these ids, in their order, read afresh: those deleted since, or that no longer
 * pass the filters (stock, price), are left out (decision 0058).
 */
async function rowsInOrder(db: Db, ids: string[], filters: SQL[]): Promise<ProductColumns[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(productColumns).from(products).where(and(inArray(products.id, ids), ...filters));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The words (not English stop words) that no product's search text holds now. */
async function wordsNoProductHolds(tx: Tx, words: string[]): Promise<string[]> {
  const values = sql.join(words.map((w) => sql`(${w}::text)`), sql`, `);
  const rows = await tx.execute<{ word: string }>(sql`
    select q.word from (values ${values}) as q(word)
    where numnode(plainto_tsquery('english', q.word)) > 0
      and not exists (select from ${products} where ${products}.search_vector @@ plainto_tsquery('english', q.word))`);
  return rowsOf<{ word: string }>(rows).map((r) => r.word);
}

/** A tier of a search's ranking; `plain` is the same condition without the names' trigram index. */
interface Tier {
  indexed: SQL;
  plain: SQL;
}

/** A walk of a search so far: the products it met in each tier, in the sort's order, and the last one it met. */
interface Walk {
  /** Products walked (from the first one in the sort). */
  length: number;
  byTier: string[][];
  /** True when the walk reached the end of the catalog. */
  complete: boolean;
  last?: { id: string; key: string[] };
}

/**
 * The products after `last` in the sort's order (its keys as text, then its id): the keys compared
 * as one row (a range the ordering's index starts at), less those with the same keys and an id not
 * after the last one's.
 */
export function afterInSort(sort: ProductSort, last: { id: string; key: readonly string[] }): SQL {
  const { columns, descending } = orderKeys[sort];
  const row = (parts: SQL[]) => (parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql`, `)})`);
  const own = row(columns.map((c) => sql`${c}`));
  const its = row(columns.map((c, i) => sql`${last.key[i]}::${sql.raw(c.getSQLType())}`));
  return sql`${own} ${sql.raw(descending ? '<=' : '>=')} ${its} and not (${own} = ${its} and ${products.id} <= ${last.id}::uuid)`;
}

/** The first walk in the sort's order reads this many products (or 20 per place wanted), a longer one at most WALK_MOST. */
const WALK_LEAST = 1_000;
const WALK_MOST = 20_000;
/**
 * The popularity walk reads the index alone (it carries the name and search vector, migration 012):
 * it goes this far, and is preferred to reading a tier from the table while it reads fewer than
 * INDEX_WALK_PER_ROW times the products the tier holds (decision 0058: about 1.5 µs a product walked
 * against 20–40 µs a product read from the table).
 */
const INDEX_WALK_MOST = 100_000;
const INDEX_WALK_PER_ROW = 10;

/**
 * The first `wanted` products of a search over the cap, best tier first and each tier in the
 * sort's order (decision 0040; another sort than popular has one tier, every match): the order one
 * sort of every match would give, without reading every match. One walk down the ordering's index
 * sorts the first products of that order into tiers. A tier the walk did not fill is walked further
 * when that longer walk (at most WALK_MOST) reads fewer products than half of what the tier holds,
 * as far as the walk tells; else it is read from the indexes (the full-text index, and the names'
 * trigram index for "the name holds …" when the walk never met the tier) and sorted, which costs
 * what the tier holds: little for a tier the walk rarely met.
 */
async function rankedByTiers(
  catalogSize: number,
  tx: Tx,
  tiers: Tier[],
  where: SQL | undefined,
  wanted: number,
  sort: ProductSort,
  { broadOnly = false, walkTier }: { broadOnly?: boolean; walkTier?: SQL } = {},
): Promise<{ ranked: string[]; atLeast: number } | undefined> {
  // `walkTier`: the tier's number as one expression (a product that matches is in exactly one tier).
  const tierOf = walkTier
    ? sql<number>`(case when not (${where}) then -1 else ${walkTier} end)::int`
    : sql<number>`(case when not (${where}) then -1 ${sql.join(tiers.map((t, i) => sql`when ${t.plain} then ${sql.raw(String(i))}`), sql` `)} else -1 end)::int`;
  // Only the products in a tier come back (a walk of 60,000 products may meet 3,000), with one row
  // telling how many were walked (tier -2). Each comes with its place in the sort (its key, as text).
  const keyColumns = orderKeys[sort].columns;
  const keyOf = sql.join(keyColumns.map((c, i) => sql`${c} as ${sql.raw(`k${i}`)}`), sql`, `);
  const noKey = sql.join(keyColumns.map((_c, i) => sql`null as ${sql.raw(`k${i}`)}`), sql`, `);
  // As text for the products met only (a timestamp's text costs as much as its tier's test).
  const keys = sql.join(keyColumns.map((_c, i) => sql.raw(`k${i}::text`)), sql`, `);
  /**
   * Walks the first `length` products of the sort. A longer walk goes on after the last product
   * the walk `so far` put in a tier (a keyset the ordering's index starts from), instead of walking
   * the first ones again: only the products after it that were in no tier are read twice.
   */
  const walkTo = async (length: number, soFar?: Walk): Promise<Walk> => {
    const from = soFar?.last ? soFar : undefined;
    const more = length - (from?.length ?? 0);
    const rows = rowsOf<{ id: string | null; tier: number; walked: number } & Record<string, string | null>>(
      await tx.execute(sql`with walk as (
        select ${products.id} as id, ${tierOf} as tier, ${keyOf} from ${products}
        ${from ? sql`where ${afterInSort(sort, from.last!)}` : sql``}
        order by ${sql.join(orderings[sort], sql`, `)} limit ${more}
      )
      select null as id, -2 as tier, count(*)::int as walked, ${noKey} from walk
      union all
      select id, tier, 0, ${keys} from walk where tier >= 0`),
    );
    const byTier: string[][] = from ? from.byTier.map((t) => [...t]) : tiers.map(() => []);
    // A product moved in the sort since the walk before (a review, say) may be met again: once is enough.
    const met = new Set(byTier.flat());
    let walked = 0;
    let last = from?.last;
    for (const r of rows) {
      if (r.tier === -2) {
        walked = r.walked;
        continue;
      }
      last = { id: r.id!, key: keyColumns.map((_c, i) => r[`k${i}`]!) };
      if (met.has(r.id!)) continue;
      met.add(r.id!);
      byTier[r.tier]!.push(r.id!);
    }
    // `length` counts the products read again after the last one met: a few more than the walk's true length.
    return { length: (from?.length ?? 0) + walked, byTier, complete: walked < more, last };
  };
  const indexOnly = sort === 'popular';
  const walkMost = indexOnly ? INDEX_WALK_MOST : WALK_MOST;
  let walk = await walkTo(Math.min(WALK_MOST, Math.max(WALK_LEAST, wanted * 20)));
  if (broadOnly && !walk.complete) {
    // broadOnly: none when the walk met so few matches that the search likely finds fewer than
    // twice the cap (a search is counted first then, and ranked in one sort when under the cap).
    const met = walk.byTier.reduce((sum, t) => sum + t.length, 0);
    if ((met / walk.length) * catalogSize < 2 * SEARCH_COUNT_CAP) return undefined;
  }
  const ranked: string[] = [];
  // How many products each tier holds where a read from the indexes told (else: at least those walked).
  const sizes: Array<number | undefined> = tiers.map(() => undefined);
  for (const [i, tier] of tiers.entries()) {
    const need = wanted - ranked.length;
    let met = walk.byTier[i]!.length;
    while (met < need && met > 0 && !walk.complete && walk.length < walkMost) {
      // A longer walk when it reads fewer products than half the tier holds (as far as the walk so
      // far tells): the walk reads products in the ordering's order, scattered over the table, the
      // indexes in the table's order, about twice as fast a product. The popularity walk reads its
      // index alone, far faster a product than the table: it goes further (decision 0058). It goes
      // on from where it stopped, far enough to meet the rest of the tier at the rate it met it so
      // far, and a little more; if that falls short, on again (decision 0095).
      const longer = walk.length + Math.ceil(((need - met) * walk.length * 1.15) / met);
      const tierHolds = (met / walk.length) * catalogSize;
      if (longer > walkMost || longer >= tierHolds * (indexOnly ? INDEX_WALK_PER_ROW : 0.5)) break;
      walk = await walkTo(longer, walk);
      met = walk.byTier[i]!.length;
    }
    const seen = walk.byTier[i]!;
    if (seen.length >= need || walk.complete) {
      ranked.push(...seen.slice(0, need));
    } else {
      // Sorted by expressions, so the planner finds the tier from the indexes instead of walking
      // the popularity index (which, for a tier few products are in, would read the whole table);
      // the names' trigram index only for a tier the walk did not meet (few products, or none).
      const found = await tx
        .select({ id: products.id, size: sql<number>`(count(*) over ())::int` })
        .from(products)
        .where(met > 0 ? tier.plain : tier.indexed)
        .orderBy(...sortedOrderings[sort])
        .limit(need);
      ranked.push(...found.map((f) => f.id));
      sizes[i] = found[0]?.size ?? 0;
    }
    if (ranked.length >= wanted) break;
  }
  // Tiers do not overlap: their sizes (or what the walk met of them) add up to a lower bound.
  return { ranked, atLeast: tiers.reduce((sum, _t, i) => sum + (sizes[i] ?? walk.byTier[i]!.length), 0) };
}

/** Up to this many words, a tier's "the name holds exactly n of them" is written out word by word. */
const SPELLED_OUT_WORDS = 3;

/**
 * "The name holds exactly n of the words": for a few words spelt out ("holds A and B, not C", …),
 * which the names' trigram index can answer and the planner can estimate (a tier few products are
 * in is then read from the indexes, not walked in popularity order); for more, the sum.
 */
function nameHolds(named: SQL[], sum: SQL, n: number): SQL {
  if (named.length > SPELLED_OUT_WORDS) return sql`(${sum}) = ${sql.raw(String(n))}`;
  const choices: SQL[] = [];
  const choose = (from: number, picked: number[]) => {
    if (picked.length === n) {
      choices.push(and(...named.map((holds, i) => (picked.includes(i) ? holds : sql`not (${holds})`)))!);
      return;
    }
    for (let i = from; i < named.length; i++) choose(i + 1, [...picked, i]);
  };
  choose(0, []);
  return choices.length === 1 ? choices[0]! : sql`(${or(...choices)})`;
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
