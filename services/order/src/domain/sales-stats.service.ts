import { and, gte, lt, ne, sql } from 'drizzle-orm';
import { badRequest } from '@shop/platform';
import { orders } from '../db/schema';
import type { OrderDeps } from './order-deps';
import { istDateOf, istDayBounds } from './shop-calendar';

export const MAX_SALES_DAYS = 90;
export const salesDaysInvalid = `days must be a whole number from 1 to ${MAX_SALES_DAYS}`;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DailySales {
  /** Asia/Kolkata calendar date, YYYY-MM-DD. */
  date: string;
  totalPaise: number;
  orders: number;
}

export interface SalesStats {
  /** Today's (Asia/Kolkata) orders that are not cancelled. */
  todayPaise: number;
  /** Delivered orders: the cash actually collected (cash on delivery is paid on delivery). */
  totalEarningsPaise: number;
  /** Every order placed and not cancelled (booked, collected or not). */
  bookedPaise: number;
  /** How many orders there are of each status (all time). */
  byStatus: Array<{ status: string; orders: number }>;
  /** The last `days` shop days, oldest first, today last; days without orders are zero. */
  daily: DailySales[];
}

/**
 * Sales figures for the staff dashboard, from aggregate queries (no order rows are read). Today's
 * and the daily sales count every order not cancelled (booked that day, by IST day); Total
 * Earnings counts only delivered orders, whose cash was collected.
 */
export async function salesStats(deps: Pick<OrderDeps, 'db' | 'clock'>, days: number): Promise<SalesStats> {
  if (!Number.isInteger(days) || days < 1 || days > MAX_SALES_DAYS) throw badRequest(salesDaysInvalid);
  const today = istDayBounds(istDateOf(deps.clock()));
  // India has no daylight saving, so every shop day is exactly 24 hours long.
  const from = new Date(today.from.getTime() - (days - 1) * DAY_MS);
  const counted = ne(orders.status, 'cancelled');

  const dayIndex = sql<number>`floor(extract(epoch from (${orders.createdAt} - ${from.toISOString()}::timestamptz)) / 86400)::int`;
  const [rows, [all]] = await Promise.all([
    deps.db
      .select({ day: dayIndex, paise: sql<string>`sum(${orders.totalPaise})`, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(counted, gte(orders.createdAt, from), lt(orders.createdAt, today.to)))
      // By position: the same expression written twice would carry two parameters, which PostgreSQL does not match.
      .groupBy(sql`1`),
    deps.db
      .select({
        booked: sql<string | null>`sum(${orders.totalPaise}) filter (where ${orders.status} <> 'cancelled')`,
        delivered: sql<string | null>`sum(${orders.totalPaise}) filter (where ${orders.status} = 'delivered')`,
      })
      .from(orders),
  ]);
  const statusRows = await deps.db.select({ status: orders.status, n: sql<number>`count(*)::int` }).from(orders).groupBy(orders.status);

  const byDay = new Map(rows.map((r) => [Number(r.day), r]));
  const daily = Array.from({ length: days }, (_, i): DailySales => {
    const row = byDay.get(i);
    return { date: istDateOf(new Date(from.getTime() + i * DAY_MS)), totalPaise: Number(row?.paise ?? 0), orders: row?.n ?? 0 };
  });
  return {
    todayPaise: daily[days - 1].totalPaise,
    totalEarningsPaise: Number(all?.delivered ?? 0),
    bookedPaise: Number(all?.booked ?? 0),
    byStatus: statusRows.map((r) => ({ status: r.status, orders: r.n })).sort((a, b) => a.status.localeCompare(b.status)),
    daily,
  };
}
