import { useCallback } from 'react';
import { useSessionQuery } from '../../../lib/use-session-graphql';
import {
  CATALOG_STATS,
  SALES_STATS,
  USER_STATS,
  type CatalogStatsData,
  type SalesStatsData,
  type UserStatsData,
} from '../api/admin-dashboard-documents';

/** The periods the charts can cover: the last 7 or 30 Asia/Kolkata days, today included. */
export const CHART_PERIODS = [7, 30] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];

/** One figure of the dashboard, loaded on its own. */
export type Figure<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; value: T };

function figureOf<T>(value: T | undefined, loading: boolean, error: unknown): Figure<T> {
  if (value !== undefined) return { status: 'ready', value };
  if (error) return { status: 'error', error };
  if (loading) return { status: 'loading' };
  return { status: 'error', error: new Error('No answer') };
}

export interface DashboardStats {
  catalog: Figure<CatalogStatsData['catalogStats']>;
  users: Figure<UserStatsData['userStats']>;
  sales: Figure<SalesStatsData['salesStats']>;
  /** The sales of another period are on their way (`sales` still shows the last period's). */
  switching: boolean;
  /** Asks all three again. */
  refresh(): void;
  refreshing: boolean;
}

// Shown from the cache at once when the section is opened again, and asked again each time:
// orders arrive all day.
const POLICY = { remember: true } as const;

/** The dashboard's real figures: products (catalog), accounts (auth) and sales (orders) of the last `days`. */
export function useDashboardStats(days: ChartPeriod): DashboardStats {
  const catalog = useSessionQuery(CATALOG_STATS, {}, POLICY);
  const users = useSessionQuery(USER_STATS, {}, POLICY);
  const sales = useSessionQuery(SALES_STATS, { days }, POLICY);
  // While another period loads, the cards and charts keep the figures they show.
  // A failed answer shows as failed, never as the last period's figures.
  const salesData = sales.error ? undefined : (sales.data?.salesStats ?? sales.previousData?.salesStats);

  const { refetch: refetchCatalog } = catalog;
  const { refetch: refetchUsers } = users;
  const { refetch: refetchSales } = sales;
  const refresh = useCallback(() => {
    // Failures show through each query's `error`.
    for (const refetch of [refetchCatalog, refetchUsers, refetchSales]) refetch();
  }, [refetchCatalog, refetchUsers, refetchSales]);

  return {
    catalog: figureOf(catalog.data?.catalogStats, catalog.loading, catalog.error),
    users: figureOf(users.data?.userStats, users.loading, users.error),
    sales: figureOf(salesData, sales.loading, sales.error),
    switching: sales.fetching && salesData !== undefined && salesData.days !== days,
    refresh,
    refreshing: catalog.fetching || users.fetching || sales.fetching,
  };
}
