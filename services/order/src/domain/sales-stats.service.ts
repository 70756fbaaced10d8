import { and, asc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { badRequest } from '@shop/platform';
import { MAX_SALES_DAYS, ORDER_STATUSES, paiseToRupees, salesDaysInvalid } from '@shop/proto-contracts';
import { orderItems, orders, returns } from '../db/schema';
import type { OrderDeps } from './order-deps';
import { istDateOf, istDayBounds } from './shop-calendar';

/** How many products the "top products" chart shows. */
export const TOP_PRODUCTS = 5;
/** The name shown for lines sold before orders copied their category (decision 0027). */
export const CATEGORY_NOT_RECORDED = 'Not recorded';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DailySales {
  /** Asia/Kolkata calendar date, YYYY-MM-DD. */
  date: string;
  totalPaise: number;
  orders: number;
}

/** What one product sold in the period (lines of orders not cancelled). */
export interface ProductSales {
  productId: string;
  /** The name on the most recent order line (a product renamed since shows its latest name). */
  name: string;
  units: number;
  /** Price × quantity of the lines: before the first-order discount, GST and shipping. */
  valuePaise: number;
}

/** What one top-level category sold in the period, as the order lines recorded it when ordered. */
export interface CategorySales {
  /** The category id; null for lines from before categories were recorded. */
  categoryId: string | null;
  name: string;
  units: number;
  valuePaise: number;
}

export interface SalesStats {
  /** The period the charts cover: `days` Asia/Kolkata days, `from` to `to` (today), both included. */
  days: number;
  from: string;
  to: string;
  /** Today's (Asia/Kolkata) orders that are not cancelled. */
  todayPaise: number;
  /** What the shop keeps: collected − refunded (decision 0049). */
  totalEarningsPaise: number;
  /** Orders placed and not cancelled whose cash is not collected yet (cash on delivery is paid on delivery). */
  bookedPaise: number;
  /** Orders paid (collected), whatever happened after. */
  collectedPaise: number;
  /** Refunds paid out for returns (status refunded). */
  refundedPaise: number;
  /** How many orders there are of each status (all time). */
  byStatus: Array<{ status: string; orders: number }>;
  /** The last `days` shop days, oldest first, today last; days without orders are zero. */
  daily: DailySales[];
  /** Orders placed in the period by their status now (cancelled included), every status listed. */
  periodByStatus: Array<{ status: string; orders: number }>;
  /** The best-selling products of the period by value, at most TOP_PRODUCTS. */
  topProducts: ProductSales[];
  /** Every category sold in the period, by value (highest first). */
  salesByCategory: CategorySales[];
}

/**
 * Sales figures for the staff dashboard, from aggregate queries (no order rows are read). Today's
 * and the daily sales count every order not cancelled (booked that day, by IST day); Booked is what
 * is still to be collected, Collected what was paid, Refunded what returns paid back, and Total
 * Earnings collected − refunded (decision 0049). The period's charts (status,
 * top products, categories) read the order's own copy of its lines: name and category as ordered.
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
        booked: sql<string | null>`sum(${orders.totalPaise}) filter (where ${orders.status} <> 'cancelled' and ${orders.paidAt} is null)`,
        collected: sql<string | null>`sum(${orders.totalPaise}) filter (where ${orders.paidAt} is not null)`,
      })
      .from(orders),
  ]);
  const [refunds] = await deps.db.select({ paise: sql<string | null>`sum(${returns.refundPaise})` }).from(returns).where(eq(returns.status, 'refunded'));
  const statusRows = await deps.db.select({ status: orders.status, n: sql<number>`count(*)::int` }).from(orders).groupBy(orders.status);
  const inPeriod = and(gte(orders.createdAt, from), lt(orders.createdAt, today.to));
  const periodStatusRows = await deps.db
    .select({ status: orders.status, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(inPeriod)
    .groupBy(orders.status);
  // Line figures: price × quantity of the lines of orders placed in the period and not cancelled.
  const lineValue = sql<string>`sum(${orderItems.pricePaise}::bigint * ${orderItems.quantity})`;
  const units = sql<number>`sum(${orderItems.quantity})::int`;
  const latest = (column: typeof orderItems.name | typeof orderItems.categoryName) =>
    sql<string | null>`(array_agg(${column} order by ${orders.createdAt} desc, ${orders.id}))[1]`;
  const soldLines = and(counted, inPeriod);
  const productRows = await deps.db
    .select({ productId: orderItems.productId, name: latest(orderItems.name), units, paise: lineValue })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(soldLines)
    .groupBy(orderItems.productId)
    // By position (see above): value, then units, highest first; the id settles ties.
    .orderBy(sql`4 desc`, sql`3 desc`, asc(orderItems.productId))
    .limit(TOP_PRODUCTS);
  const categoryRows = await deps.db
    .select({ categoryId: orderItems.categoryId, name: latest(orderItems.categoryName), units, paise: lineValue })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(soldLines)
    .groupBy(orderItems.categoryId)
    .orderBy(sql`4 desc`, sql`3 desc`, sql`1 nulls last`);
  const periodCount = new Map(periodStatusRows.map((r) => [r.status, r.n]));

  const byDay = new Map(rows.map((r) => [Number(r.day), r]));
  const daily = Array.from({ length: days }, (_, i): DailySales => {
    const row = byDay.get(i);
    return { date: istDateOf(new Date(from.getTime() + i * DAY_MS)), totalPaise: Number(row?.paise ?? 0), orders: row?.n ?? 0 };
  });
  return {
    days,
    from: daily[0].date,
    to: daily[days - 1].date,
    todayPaise: daily[days - 1].totalPaise,
    totalEarningsPaise: Number(all?.collected ?? 0) - Number(refunds?.paise ?? 0),
    bookedPaise: Number(all?.booked ?? 0),
    collectedPaise: Number(all?.collected ?? 0),
    refundedPaise: Number(refunds?.paise ?? 0),
    byStatus: statusRows.map((r) => ({ status: r.status, orders: r.n })).sort((a, b) => a.status.localeCompare(b.status)),
    daily,
    periodByStatus: ORDER_STATUSES.map((status) => ({ status, orders: periodCount.get(status) ?? 0 })),
    topProducts: productRows.map((r) => ({ productId: r.productId, name: r.name ?? '', units: r.units, valuePaise: Number(r.paise) })),
    salesByCategory: categoryRows.map((r) => ({
      categoryId: r.categoryId,
      name: r.categoryId === null ? CATEGORY_NOT_RECORDED : (r.name ?? r.categoryId),
      units: r.units,
      valuePaise: Number(r.paise),
    })),
  };
}

/** The figures as REST and GraphQL answer them: money in rupees. */
export function salesStatsView(stats: SalesStats) {
  return {
    days: stats.days,
    from: stats.from,
    to: stats.to,
    todaySales: paiseToRupees(stats.todayPaise),
    totalEarnings: paiseToRupees(stats.totalEarningsPaise),
    bookedSales: paiseToRupees(stats.bookedPaise),
    collectedSales: paiseToRupees(stats.collectedPaise),
    refunded: paiseToRupees(stats.refundedPaise),
    ordersByStatus: stats.byStatus,
    daily: stats.daily.map((d) => ({ date: d.date, total: paiseToRupees(d.totalPaise), orders: d.orders })),
    periodByStatus: stats.periodByStatus,
    topProducts: stats.topProducts.map((p) => ({ productId: p.productId, name: p.name, units: p.units, value: paiseToRupees(p.valuePaise) })),
    salesByCategory: stats.salesByCategory.map((c) => ({ categoryId: c.categoryId, name: c.name, units: c.units, value: paiseToRupees(c.valuePaise) })),
  };
}
