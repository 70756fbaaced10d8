import { useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { ORDERS_BY_DATE, type OrdersByDateData } from '../api/admin-orders-documents';

export type AdminOrdersState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; page: OrdersByDateData['ordersByDate'] };

/**
 * One page of an Asia/Kolkata day's orders. A page seen before shows from the cache at once and
 * is asked again (another member of staff may have shipped an order meanwhile).
 */
export function useAdminOrders(date: string, page: number): { state: AdminOrdersState; reload(): void } {
  const { data, error, loading, refetch } = useQuery(ORDERS_BY_DATE, {
    variables: { date, page },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });

  const reload = useCallback(() => {
    // A failure shows through `error`; nothing more to do with the rejection here.
    refetch().catch(() => undefined);
  }, [refetch]);

  let state: AdminOrdersState;
  if (data?.ordersByDate) state = { status: 'ready', page: data.ordersByDate };
  else if (error) state = { status: 'error', error };
  else if (loading) state = { status: 'loading' };
  else state = { status: 'error', error: new Error('No answer') };
  return { state, reload };
}
