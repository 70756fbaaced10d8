import { useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import {
  CATALOG_STATS,
  SALES_STATS,
  USER_STATS,
  type CatalogStatsData,
  type SalesStatsData,
  type UserStatsData,
} from '../api/admin-dashboard-documents';

/** The bar chart's span: the last 7 Asia/Kolkata days, today included. */
export const SALES_CHART_DAYS = 7;

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
  /** Asks all three again. */
  refresh(): void;
  refreshing: boolean;
}

// Shown from the cache at once when the section is opened again, and asked again each time:
// orders arrive all day.
const POLICY = { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first', notifyOnNetworkStatusChange: true } as const;

/** The dashboard's real figures: products (catalog), accounts (auth) and sales (orders). */
export function useDashboardStats(): DashboardStats {
  const catalog = useQuery(CATALOG_STATS, POLICY);
  const users = useQuery(USER_STATS, POLICY);
  const sales = useQuery(SALES_STATS, { ...POLICY, variables: { days: SALES_CHART_DAYS } });

  const { refetch: refetchCatalog } = catalog;
  const { refetch: refetchUsers } = users;
  const { refetch: refetchSales } = sales;
  const refresh = useCallback(() => {
    // Failures show through each query's `error`.
    for (const refetch of [refetchCatalog, refetchUsers, refetchSales]) refetch().catch(() => undefined);
  }, [refetchCatalog, refetchUsers, refetchSales]);

  return {
    catalog: figureOf(catalog.data?.catalogStats, catalog.loading, catalog.error),
    users: figureOf(users.data?.userStats, users.loading, users.error),
    sales: figureOf(sales.data?.salesStats, sales.loading, sales.error),
    refresh,
    refreshing: catalog.loading || users.loading || sales.loading,
  };
}
