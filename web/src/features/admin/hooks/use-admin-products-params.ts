import { SEARCH_QUERY_MAX_LENGTH } from '@shop/proto-contracts/web';
import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

const QUERY_KEY = 'q';
const PAGE_KEY = 'page';

/** The longest search the catalog accepts. */
export const PRODUCT_SEARCH_MAX_LENGTH = SEARCH_QUERY_MAX_LENGTH;

function parsePage(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

export interface AdminProductsParams {
  /** The search text (trimmed), '' for every product. */
  query: string;
  page: number;
  /** Searches from the first page; replaces the address entry (each debounced keystroke is not a step back). */
  setQuery(query: string): void;
  setPage(page: number, options?: { replace?: boolean }): void;
}

/**
 * The Products section's search and page live in the address beside the shell's `section`
 * (`?section=products&q=lamp&page=2`); page 1 and an empty search are left out.
 */
export function useAdminProductsParams(): AdminProductsParams {
  const [search, setSearch] = useSearchParams();
  const { pathname } = useLocation();
  const query = (search.get(QUERY_KEY) ?? '').trim().slice(0, PRODUCT_SEARCH_MAX_LENGTH);
  const page = parsePage(search.get(PAGE_KEY));

  const setQuery = useCallback(
    (next: string) => {
      // A debounced search that fires while another page is loading (a click on Edit just after
      // typing) would take the staff back here: the address has moved on, so it is dropped.
      if (window.location.pathname !== pathname) return;
      const params = new URLSearchParams(search);
      const text = next.trim();
      if (text) params.set(QUERY_KEY, text);
      else params.delete(QUERY_KEY);
      params.delete(PAGE_KEY);
      setSearch(params, { replace: true, preventScrollReset: true, state: { keepScroll: true } });
    },
    [search, setSearch, pathname],
  );

  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) => {
      const params = new URLSearchParams(search);
      if (next <= 1) params.delete(PAGE_KEY);
      else params.set(PAGE_KEY, String(next));
      setSearch(params, { replace: options?.replace });
    },
    [search, setSearch],
  );

  return { query, page, setQuery, setPage };
}
