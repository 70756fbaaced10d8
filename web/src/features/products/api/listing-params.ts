import type { GraphQLDocument } from '../../../lib/graphql-document';
import { CATEGORY_LISTING_QUERY, LISTING_PAGE_SIZE, SEARCH_LISTING_QUERY, TAG_LISTING_QUERY, type ListingAnswer } from './listing-documents';

/** Listing filters and page as the query string holds them, and as the API's ProductFilter. */

/** The API's PriceBand values, in the order the filter shows them. */
export const PRICE_BANDS = [
  { value: 'all', label: 'All' },
  { value: 'under500', label: 'Under ₹500' },
  { value: 'from500to1000', label: '₹500 – ₹1,000' },
  { value: 'above1000', label: 'Above ₹1,000' },
] as const;

export type PriceBand = (typeof PRICE_BANDS)[number]['value'];

/** The API's ProductSort values; popularity is the default. */
export const SORT_OPTIONS = [
  { value: 'popular', label: 'Popularity' },
  { value: 'newest', label: 'Newest first' },
  { value: 'priceLowToHigh', label: 'Price: Low to High' },
  { value: 'priceHighToLow', label: 'Price: High to Low' },
  { value: 'discount', label: 'Biggest discount' },
  { value: 'rating', label: 'Customer rating' },
] as const;

export type ProductSort = (typeof SORT_OPTIONS)[number]['value'];

export interface ListingParams {
  price: PriceBand;
  withDiscount: boolean;
  inStock: boolean;
  sort: ProductSort;
  /** Subcategory slug, category listings only. */
  subcat: string | null;
  /** Search only (the server's facets, decision 0059): category slug, size, colour name, rating step 1–4. */
  category: string | null;
  size: string | null;
  color: string | null;
  rating: number | null;
  page: number;
}

// Query-string names: short, readable, shareable (/products/11?price=under500&discount=1&page=2).
export const LISTING_QUERY_KEYS = {
  price: 'price',
  withDiscount: 'discount',
  inStock: 'stock',
  sort: 'sort',
  subcat: 'subcat',
  category: 'cat',
  size: 'size',
  color: 'color',
  rating: 'rating',
  page: 'page',
} as const;
const KEYS = LISTING_QUERY_KEYS;

function oneOf<T extends string>(value: string | null, allowed: readonly { value: T }[], fallback: T): T {
  return allowed.find((option) => option.value === value)?.value ?? fallback;
}

export function parseListingParams(search: URLSearchParams): ListingParams {
  const page = Number(search.get(KEYS.page));
  return {
    price: oneOf(search.get(KEYS.price), PRICE_BANDS, 'all'),
    withDiscount: search.get(KEYS.withDiscount) === '1',
    inStock: search.get(KEYS.inStock) === '1',
    sort: oneOf(search.get(KEYS.sort), SORT_OPTIONS, 'popular'),
    subcat: search.get(KEYS.subcat)?.trim() || null,
    category: search.get(KEYS.category)?.trim() || null,
    size: search.get(KEYS.size)?.trim() || null,
    color: search.get(KEYS.color)?.trim() || null,
    rating: /^[1-4]$/.test(search.get(KEYS.rating) ?? '') ? Number(search.get(KEYS.rating)) : null,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** How many filters differ from the defaults (the sort order is not a filter). */
export function activeFilterCount(params: ListingParams): number {
  return [
    params.price !== 'all',
    params.withDiscount,
    params.inStock,
    params.subcat !== null,
    params.category !== null,
    params.size !== null,
    params.color !== null,
    params.rating !== null,
  ].filter(Boolean).length;
}

/** The API's ProductFilter for these parameters (category, tag or search text come from the route). */
export function productFilterOf(params: ListingParams): Record<string, unknown> {
  return {
    price: params.price,
    withDiscount: params.withDiscount,
    inStock: params.inStock,
    sort: params.sort,
    ...(params.subcat ? { subcat: params.subcat } : {}),
  };
}

/** A search's filter: the listing's and the facets chosen (decision 0059). */
function searchFilterOf(params: ListingParams): Record<string, unknown> {
  return {
    ...productFilterOf(params),
    ...(params.category ? { category: params.category } : {}),
    ...(params.size ? { size: params.size } : {}),
    ...(params.color ? { color: params.color } : {}),
    ...(params.rating ? { minRating: params.rating } : {}),
  };
}

export type ListingSource =
  | { kind: 'category'; category: string }
  | { kind: 'tag'; tag: string }
  | { kind: 'search'; query: string };

/** A listing operation with its variables (checked together when the request is made). */
export interface ListingRequest {
  document: GraphQLDocument<ListingAnswer, unknown>;
  variables: unknown;
}

function request<TData extends ListingAnswer, TVariables>(document: GraphQLDocument<TData, TVariables>, variables: TVariables): ListingRequest {
  return { document: document as GraphQLDocument<ListingAnswer, unknown>, variables };
}

/**
 * The GraphQL operation of a listing page. One function for the page and for the start-up
 * prefetch (app/prefetch-route-data.ts), so both ask with exactly the same variables.
 */
export function listingRequest(source: ListingSource, params: ListingParams): ListingRequest {
  const filter = productFilterOf(params);
  const paging = { page: params.page, limit: LISTING_PAGE_SIZE };
  switch (source.kind) {
    case 'category':
      // A category's own filter names it; tag and search take theirs as an argument.
      return request(CATEGORY_LISTING_QUERY, { category: source.category, filter: { ...filter, category: source.category }, ...paging });
    case 'tag':
      return request(TAG_LISTING_QUERY, { tag: source.tag, filter, ...paging });
    case 'search':
      return request(SEARCH_LISTING_QUERY, { query: source.query, filter: searchFilterOf(params), ...paging });
  }
}
