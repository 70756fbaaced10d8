import { useListReload } from '../../../lib/use-list-reload';
import { useSessionQuery } from '../../../lib/use-session-graphql';
import { ADMIN_ORDER_SEARCH, type AdminOrderFilters, type AdminOrderSearchData } from '../api/admin-orders-documents';

export const ORDERS_PER_PAGE = 10;

export type AdminOrdersPage = AdminOrderSearchData['adminOrders'];

export type AdminOrdersState = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; page: AdminOrdersPage };

const orNull = (value: string) => (value.trim() ? value.trim() : null);

/**
 * One page (10) of what a search finds (every order without filters), newest first. The
 * answer carries the sum of the orders not cancelled over all pages. A page seen before shows from
 * the cache at once and is asked again (another member of staff may have shipped an order).
 */
export function useAdminOrders(filters: AdminOrderFilters, page: number): { state: AdminOrdersState; reload(): void } {
  const { data, error, loading } = useSessionQuery(
    ADMIN_ORDER_SEARCH,
    {
      q: orNull(filters.q),
      status: orNull(filters.status),
      payment: orNull(filters.payment),
      from: orNull(filters.from),
      to: orNull(filters.to),
      archived: orNull(filters.archived),
      page,
      limit: ORDERS_PER_PAGE,
    },
    { remember: true },
  );

  const reload = useListReload(ADMIN_ORDER_SEARCH);

  let state: AdminOrdersState;
  if (data?.adminOrders) state = { status: 'ready', page: data.adminOrders };
  else if (error) state = { status: 'error', error };
  else if (loading) state = { status: 'loading' };
  else state = { status: 'error', error: new Error('No answer') };
  return { state, reload };
}
