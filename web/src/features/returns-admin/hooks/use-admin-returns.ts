import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSessionQuery } from '../../../lib/use-session-graphql';
import { ADMIN_RETURNS, RETURN_FILTERS, type AdminReturn, type ReturnFilter } from '../api/admin-returns-documents';
import { useLocalChanges } from '../../../lib/use-local-changes';

/** The staff returns page's filter and page from the address (`?status=requested&page=2`), and its data. */
export function useAdminReturns() {
  const [search, setSearch] = useSearchParams();
  const filter: ReturnFilter = RETURN_FILTERS.find((f) => f === search.get('status')) ?? 'requested';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const query = useSessionQuery(ADMIN_RETURNS, { status: filter === 'all' ? null : filter, page });
  const [data, change] = useLocalChanges(query.data);
  // A move's answer replaces the return shown, until the list is read again.
  const replace = useCallback(
    (ret: AdminReturn) =>
      change((current) => ({ adminReturns: { ...current.adminReturns, returns: current.adminReturns.returns.map((r) => (r.id === ret.id ? ret : r)) } })),
    [change],
  );

  const show = useCallback(
    (next: { filter?: ReturnFilter; page?: number }) => {
      const params = new URLSearchParams(search);
      if (next.filter) {
        params.set('status', next.filter);
        params.delete('page');
      }
      if (next.page) params.set('page', String(next.page));
      setSearch(params);
    },
    [search, setSearch],
  );
  return { filter, page, data, loading: query.loading, error: query.error, retry: query.refetch, show, replace };
}
