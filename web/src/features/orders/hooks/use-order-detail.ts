import { useCallback } from 'react';
import { getErrorCode } from '../../../lib/api-errors';
import { useSessionQuery } from '../../../lib/use-session-graphql';
import { ORDER_DETAIL, type OrderDetail } from '../api/order-documents';
import { useLocalChanges } from '../../../lib/use-local-changes';

export type OrderDetailState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; order: OrderDetail };

export interface OrderDetailResult {
  state: OrderDetailState;
  /** Ask again (after a failure, or when the order is not as shown). */
  retry(): void;
  /** Shows the order as the server now has it (e.g. the cancel answer). */
  applyOrder(order: OrderDetail): void;
}

/**
 * One order of the shopper, asked afresh on every visit. The server answers null for an unknown
 * order and for someone else's, and refuses an id that cannot be an order id (BAD_USER_INPUT):
 * all three are "not found".
 */
export function useOrderDetail(orderId: string): OrderDetailResult {
  const { data: answer, error, loading, refetch } = useSessionQuery(ORDER_DETAIL, { id: orderId });
  const [data, change] = useLocalChanges(answer);

  const applyOrder = useCallback(
    (order: OrderDetail) => change((current) => (current.order?.id === order.id ? { order } : current)),
    [change],
  );

  let state: OrderDetailState;
  if (data?.order) state = { status: 'ready', order: data.order };
  else if (loading) state = { status: 'loading' };
  else if (error) {
    const code = getErrorCode(error);
    state = code === 'BAD_USER_INPUT' || code === 'NOT_FOUND' ? { status: 'not-found' } : { status: 'error', error };
  } else state = { status: 'not-found' };
  return { state, retry: refetch, applyOrder };
}
