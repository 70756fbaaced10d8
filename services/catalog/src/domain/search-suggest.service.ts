import { desc, sql } from 'drizzle-orm';
import { paiseToRupees, type SearchSuggestions } from '@shop/proto-contracts';
import { products } from '../db/schema';
import type { CatalogDeps } from './catalog-deps';
import { productColumns, searchWords, withCategories } from './product-listing.service';
import { thumbnailOf } from './product.model';

/** Product suggestions shown as one types (the most popular first). */
export const SUGGESTED_PRODUCTS = 6;
/** Category suggestions shown as one types. */
export const SUGGESTED_CATEGORIES = 4;

/**
 * Suggestions as a shopper types in the search box (decision 0060): products whose search text
 * holds every word typed, the last one as the start of a word ('leath' → 'Leather Wallet'; a
 * word is matched from its start, never inside another: 'men' does not suggest women's
 * products), the most popular first; and the categories shoppers can see whose name or
 * subcategories hold a word starting with one typed. Nothing for a text without a word of 2 or
 * more letters or digits.
 */
export async function suggestSearch(deps: CatalogDeps, text: string): Promise<SearchSuggestions> {
  const words = searchWords(text);
  if (words.length === 0) return { query: text, products: [], categories: [] };
  const last = words[words.length - 1]!;
  const whole = words.slice(0, -1);
  // Each complete word stemmed as the products' texts are; the last as a prefix of a word, unstemmed.
  const parts = [...whole.map((w) => sql`plainto_tsquery('english', ${w})`), sql`to_tsquery('simple', ${last.replace(/[^\p{L}\p{N}]/gu, '') + ':*'})`];
  const query = sql.join(parts, sql` && `);
  const rows = await deps.db
    .select(productColumns)
    .from(products)
    .where(sql`${products}.search_vector @@ (${query})`)
    .orderBy(desc(products.reviewCount), desc(products.rating), desc(products.createdAt))
    .limit(SUGGESTED_PRODUCTS);
  const found = await withCategories(deps, rows);
  const startsAWord = (name: string, word: string) => name.toLowerCase().split(/[^\p{L}\p{N}]+/u).some((w) => w.startsWith(word));
  const categories = (await deps.categories.all())
    .filter((c) => !c.hidden)
    .filter((c) => words.every((w) => startsAWord(`${c.name} ${c.str} ${c.subcategories.filter((s) => !s.hidden).map((s) => s.name).join(' ')}`, w)))
    .slice(0, SUGGESTED_CATEGORIES);
  return {
    query: text,
    products: found.map((p) => ({ id: p.id, name: p.name, price: paiseToRupees(p.price), thumbnail: thumbnailOf(p.images), category: p.category.name })),
    categories: categories.map((c) => ({ index: c.index, str: c.str, name: c.name })),
  };
}
