import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isCalendarDay, shopToday } from '../api/admin-orders-dates';
import type { AdminOrderFilters } from '../api/admin-orders-documents';

const DATE_KEY = 'date';
const PAGE_KEY = 'page';
const FILTER_KEYS = ['q', 'status', 'from', 'to'] as const satisfies ReadonlyArray<keyof AdminOrderFilters>;

/** `?page=` as written in the address: a whole number from 1, anything else is page 1. */
export function parsePageParam(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

export interface AdminOrdersParams {
  /** The Asia/Kolkata day shown (YYYY-MM-DD): `?date=`, else India's today. */
  date: string;
  page: number;
  /** Shows another day, from its first page. */
  setDate(date: string): void;
  setPage(page: number, options?: { replace?: boolean }): void;
  /** The search in the address (`?q=&status=&from=&to=`); null when the list shows a day. */
  filters: AdminOrderFilters | null;
  /** Shows what these filters find, from the first page; all empty goes back to the day. */
  setFilters(filters: AdminOrderFilters): void;
}

/**
 * The day and page of Orders Management live in the address beside the shell's `section`
 * (`?section=orders&date=2026-11-21&page=2`), so a reload or a shared link shows the same list.
 * Today's date and page 1 are left out of the address.
 */
export function useAdminOrdersParams(): AdminOrdersParams {
  const [search, setSearch] = useSearchParams();
  const today = shopToday();
  const fromUrl = search.get(DATE_KEY);
  const date = fromUrl && isCalendarDay(fromUrl) ? fromUrl : today;
  const page = parsePageParam(search.get(PAGE_KEY));

  const setDate = useCallback(
    (next: string) => {
      const query = new URLSearchParams(search);
      if (next === today) query.delete(DATE_KEY);
      else query.set(DATE_KEY, next);
      // A new day starts at its first page.
      query.delete(PAGE_KEY);
      setSearch(query, { preventScrollReset: true, state: { keepScroll: true } });
    },
    [search, setSearch, today],
  );

  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) => {
      const query = new URLSearchParams(search);
      if (next <= 1) query.delete(PAGE_KEY);
      else query.set(PAGE_KEY, String(next));
      setSearch(query, { replace: options?.replace });
    },
    [search, setSearch],
  );

  const values = FILTER_KEYS.map((key) => search.get(key)?.trim() ?? '');
  const filters = values.some(Boolean) ? { q: values[0], status: values[1], from: values[2], to: values[3] } : null;

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

  return { date, page, setDate, setPage, filters, setFilters };
}
