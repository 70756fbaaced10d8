import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AdminOrderFilters } from '../api/admin-orders-documents';

const PAGE_KEY = 'page';
const FILTER_KEYS = ['q', 'status', 'payment', 'from', 'to', 'archived'] as const satisfies ReadonlyArray<keyof AdminOrderFilters>;
export const NO_FILTERS: AdminOrderFilters = { q: '', status: '', payment: '', from: '', to: '', archived: '' };

/** `?page=` as written in the address: a whole number from 1, anything else is page 1. */
export function parsePageParam(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

export interface AdminOrdersParams {
  page: number;
  setPage(page: number, options?: { replace?: boolean }): void;
  /** The filters in the address (`?q=&status=&payment=&from=&to=&archived=`), empty ones as ''. */
  filters: AdminOrderFilters;
  /** Whether any filter is set (else the list is every order). */
  filtered: boolean;
  /** Shows what these filters find, from the first page; all empty is every order. */
  setFilters(filters: AdminOrderFilters): void;
}

/**
 * The filters and page of Orders Management live in the address beside the shell's `section`
 * (`?section=orders&status=processing&page=2`), so a reload or a shared link shows the same list.
 * Without filters the list is every order, newest first; page 1 is left out of the address.
 */
export function useAdminOrdersParams(): AdminOrdersParams {
  const [search, setSearch] = useSearchParams();
  const page = parsePageParam(search.get(PAGE_KEY));

  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) => {
      const query = new URLSearchParams(search);
      if (next <= 1) query.delete(PAGE_KEY);
      else query.set(PAGE_KEY, String(next));
      setSearch(query, { replace: options?.replace });
    },
    [search, setSearch],
  );

  const filters = Object.fromEntries(FILTER_KEYS.map((key) => [key, search.get(key)?.trim() ?? ''])) as unknown as AdminOrderFilters;
  const filtered = FILTER_KEYS.some((key) => filters[key]);

  const setFilters = useCallback(
    (next: AdminOrderFilters) => {
      const query = new URLSearchParams(search);
      for (const key of FILTER_KEYS) {
        const value = next[key].trim();
        if (value) query.set(key, value);
        else query.delete(key);
      }
      query.delete(PAGE_KEY);
      setSearch(query, { preventScrollReset: true, state: { keepScroll: true } });
    },
    [search, setSearch],
  );

  return { page, setPage, filters, filtered, setFilters };
}
