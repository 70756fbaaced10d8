import { useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { getErrorCode } from '../../../lib/api-errors';
import { ORDER_DETAIL, type OrderDetail } from '../api/order-documents';

export type OrderDetailState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; order: OrderDetail };

/**
 * One order of the shopper. The server answers null for an unknown order and for someone else's,
 * and refuses an id that cannot be an order id (BAD_USER_INPUT): all three are "not found".
 */
export function useOrderDetail(orderId: string): { state: OrderDetailState; retry(): void } {
  const { data, error, loading, refetch } = useQuery(ORDER_DETAIL, {
    variables: { id: orderId },
    fetchPolicy: 'cache-and-network',
  });
  const retry = useCallback(() => {
    refetch().catch(() => undefined);
  }, [refetch]);

  let state: OrderDetailState;
  if (data?.order) state = { status: 'ready', order: data.order };
  else if (loading) state = { status: 'loading' };
  else if (error) {
    const code = getErrorCode(error);
    state = code === 'BAD_USER_INPUT' || code === 'NOT_FOUND' ? { status: 'not-found' } : { status: 'error', error };
  } else state = { status: 'not-found' };
  return { state, retry };
}
