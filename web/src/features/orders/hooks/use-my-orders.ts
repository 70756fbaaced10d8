import { useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { MY_ORDERS, type OrderSummary } from '../api/order-documents';

export type MyOrdersState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; orders: OrderSummary[] };

/**
 * The shopper's orders, newest first. Shown from the cache at once when visited again and asked
 * again each time (an order may have been shipped meanwhile).
 */
export function useMyOrders(): { state: MyOrdersState; retry(): void } {
  const { data, error, loading, refetch } = useQuery(MY_ORDERS, { fetchPolicy: 'cache-and-network' });
  const retry = useCallback(() => {
    // A failure shows through `error`; nothing more to do with the rejection here.
    refetch().catch(() => undefined);
  }, [refetch]);

  const orders = data?.me?.orders;
  let state: MyOrdersState;
  if (orders) state = { status: 'ready', orders };
  else if (loading) state = { status: 'loading' };
  // `me` is null only when the session ended between the page's check and this request.
  else state = { status: 'error', error: error ?? new Error('No session') };
  return { state, retry };
}
