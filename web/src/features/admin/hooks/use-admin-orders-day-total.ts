import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useState } from 'react';
import { ORDERS_BY_DATE, type AdminOrder, type OrdersByDateData } from '../api/admin-orders-documents';
import { countsTowardsSales } from '../api/admin-orders-status';

/**
 * Beyond this many pages the day's sum is not worked out here (it would take one request a page);
 * the summary then gives only the number of orders.
 */
const MAX_PAGES_SUMMED = 30;

function salesOf(orders: readonly AdminOrder[]): number {
  // Sum in paise, so a long day adds up without floating-point drift.
  const paise = orders.reduce((sum, order) => (countsTowardsSales(order.orderStatus) ? sum + Math.round(order.totalPrice * 100) : sum), 0);
  return paise / 100;
}

export interface DayTotal {
  /** The sum of the day's orders that are not cancelled, in rupees; null while unknown. */
  amount: number | null;
  /** Works the sum out again (after a status change or a deletion). */
  refresh(): void;
}

/**
 * The day's sales (every order but the cancelled ones). A day on one page is summed from that page
 * as it stands (Apollo's cache keeps it current); a longer day is summed from all its pages, asked
 * afresh, and again after each change made here. ordersByDate gives no sum of its own.
 */
export function useAdminOrdersDayTotal(date: string, shown: OrdersByDateData['ordersByDate'] | null): DayTotal {
  const client = useApolloClient();
  const [version, setVersion] = useState(0);
  const [summed, setSummed] = useState<{ date: string; amount: number } | null>(null);
  const totalPages = shown?.totalPages ?? 0;
  const manyPages = totalPages > 1 && totalPages <= MAX_PAGES_SUMMED;

  useEffect(() => {
    if (!manyPages) return;
    let cancelled = false;
    const pages = Array.from({ length: totalPages }, (_, index) => index + 1);
    Promise.all(
      pages.map((page) => client.query({ query: ORDERS_BY_DATE, variables: { date, page }, fetchPolicy: 'network-only' })),
    )
      .then((answers) => {
        if (cancelled) return;
        const orders = answers.flatMap((answer) => answer.data?.ordersByDate.orders ?? []);
        // Orders placed while the pages were being read may appear twice: count each once.
        const unique = [...new Map(orders.map((order) => [order.id, order])).values()];
        setSummed({ date, amount: salesOf(unique) });
      })
      .catch(() => {
        if (!cancelled) setSummed(null);
      });
    return () => {
      cancelled = true;
    };
  }, [client, date, totalPages, manyPages, version]);

  const refresh = useCallback(() => setVersion((value) => value + 1), []);

  let amount: number | null = null;
  if (shown && totalPages <= 1) amount = salesOf(shown.orders);
  else if (manyPages && summed?.date === date) amount = summed.amount;
  return { amount, refresh };
}
