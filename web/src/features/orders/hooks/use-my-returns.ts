import { useMemo } from 'react';
import { useSessionQuery } from '../../../lib/use-session-graphql';
import { MY_RETURNS, type OrderReturn } from '../api/order-documents';

const NONE: OrderReturn[] = [];

/**
 * The shopper's returns by order id, oldest first within an order, for My Orders. Until they
 * arrive (or if they cannot be read) orders show no returns: the orders themselves still show.
 */
export function useMyReturns(): (orderId: string) => OrderReturn[] {
  const { data } = useSessionQuery(MY_RETURNS, {});
  const byOrder = useMemo(() => {
    const map = new Map<string, OrderReturn[]>();
    for (const ret of [...(data?.myReturns ?? [])].reverse()) map.set(ret.orderId, [...(map.get(ret.orderId) ?? []), ret]);
    return map;
  }, [data]);
  return (orderId) => byOrder.get(orderId) ?? NONE;
}
