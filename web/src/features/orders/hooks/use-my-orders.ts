import { useCallback } from 'react';
import { useSessionQuery } from '../../../lib/use-session-graphql';
import { MY_ORDERS, type OrderSummary } from '../api/order-documents';
import { useLocalChanges } from '../../../lib/use-local-changes';

export type MyOrdersState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; orders: OrderSummary[] };

export interface MyOrders {
  state: MyOrdersState;
  /** Ask again (after a failure, or when an order is not as shown). */
  retry(): void;
  /** Shows an order as the server now has it (e.g. the cancel answer) in place of the listed one. */
  applyOrder(order: OrderSummary): void;
}

/** The shopper's orders, newest first, asked afresh on every visit (an order may have been shipped meanwhile). */
export function useMyOrders(): MyOrders {
  const { data: answer, error, loading, refetch } = useSessionQuery(MY_ORDERS, {});
  const [data, change] = useLocalChanges(answer);

  const applyOrder = useCallback(
    (order: OrderSummary) =>
      change((current) =>
        current.me
          ? { ...current, me: { ...current.me, orders: current.me.orders.map((listed) => (listed.id === order.id ? order : listed)) } }
          : current,
      ),
    [change],
  );

  const orders = data?.me?.orders;
  let state: MyOrdersState;
  if (orders) state = { status: 'ready', orders };
  else if (loading) state = { status: 'loading' };
  // `me` is null only when the session ended between the page's check and this request.
  else state = { status: 'error', error: error ?? new Error('No session') };
  return { state, retry: refetch, applyOrder };
}
