import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LISTING_QUERY_KEYS as KEYS, parseListingParams, type ListingParams } from '../api/listing-params';

export interface ListingParamsControl {
  params: ListingParams;
  /** Changes filters (and goes back to page 1); the page keeps its scroll position. */
  setFilters(patch: Partial<Omit<ListingParams, 'page'>>): void;
  /** Goes to a page of results (scrolled to the top, like any new page). */
  setPage(page: number): void;
  /** Back to every product, keeping the sort order. */
  clearFilters(): void;
}

/**
 * Filters and page live in the query string: a listing can be shared as a link, and Back undoes
 * the last change. Other parameters (the search text `q`) are kept.
 */
export function useListingParams(): ListingParamsControl {
  const [search, setSearch] = useSearchParams();
  const searchKey = search.toString();
  const fromUrl = useMemo(() => parseListingParams(new URLSearchParams(searchKey)), [searchKey]);
  // The router commits a new URL in a transition, a moment after the click; until it does, the
  // controls show what was chosen (a radio button must look checked when it is clicked).
  const [pending, setPending] = useState<{ from: string; params: ListingParams } | null>(null);
  if (pending && pending.from !== searchKey) setPending(null);
  const params = pending && pending.from === searchKey ? pending.params : fromUrl;

  const write = useCallback(
    (next: ListingParams, keepScroll: boolean) => {
      const query = new URLSearchParams(search);
      const set = (key: string, value: string | null) => (value === null ? query.delete(key) : query.set(key, value));
      set(KEYS.price, next.price === 'all' ? null : next.price);
      set(KEYS.withDiscount, next.withDiscount ? '1' : null);
      set(KEYS.inStock, next.inStock ? '1' : null);
      set(KEYS.sort, next.sort === 'popular' ? null : next.sort);
      set(KEYS.subcat, next.subcat);
      set(KEYS.category, next.category);
      set(KEYS.size, next.size);
      set(KEYS.color, next.color);
      set(KEYS.rating, next.rating === null ? null : String(next.rating));
      set(KEYS.page, next.page > 1 ? String(next.page) : null);
      setPending({ from: searchKey, params: next });
      setSearch(query, { preventScrollReset: keepScroll, state: keepScroll ? { keepScroll: true } : undefined });
    },
    [search, searchKey, setSearch],
  );

  return {
    params,
    setFilters: useCallback((patch) => write({ ...params, ...patch, page: 1 }, true), [params, write]),
    setPage: useCallback((page) => write({ ...params, page }, false), [params, write]),
    clearFilters: useCallback(
      () =>
        write({ ...params, price: 'all', withDiscount: false, inStock: false, subcat: null, category: null, size: null, color: null, rating: null, page: 1 }, true),
      [params, write],
    ),
  };
}
