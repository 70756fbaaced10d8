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
  /** Every order that is not cancelled. */
  totalEarningsPaise: number;
  /** The last `days` shop days, oldest first, today last; days without orders are zero. */
  daily: DailySales[];
}

/**
 * Sales figures for the staff dashboard, from two aggregate queries (no order rows are read).
 * Cancelled orders never count; every other status does, as the staff's order list total does.
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
    deps.db.select({ paise: sql<string | null>`sum(${orders.totalPaise})` }).from(orders).where(counted),
  ]);

  const byDay = new Map(rows.map((r) => [Number(r.day), r]));
  const daily = Array.from({ length: days }, (_, i): DailySales => {
    const row = byDay.get(i);
    return { date: istDateOf(new Date(from.getTime() + i * DAY_MS)), totalPaise: Number(row?.paise ?? 0), orders: row?.n ?? 0 };
  });
  return { todayPaise: daily[days - 1].totalPaise, totalEarningsPaise: Number(all?.paise ?? 0), daily };
}
