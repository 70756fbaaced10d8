import { graphqlDocument } from '../../../lib/graphql-document';

export interface CategoryCount {
  /** The category's slug. */
  key: string;
  name: string;
  count: number;
}

export interface CatalogStatsData {
  catalogStats: { totalProducts: number; byCategory: CategoryCount[] };
}

export interface UserStatsData {
  userStats: { totalUsers: number };
}

/** One Asia/Kolkata day of sales (money in rupees; cancelled orders not counted). */
export interface DailySales {
  /** YYYY-MM-DD, an Asia/Kolkata calendar day. */
  date: string;
  total: number;
  orders: number;
}

export interface StatusCount {
  status: string;
  orders: number;
}

/** What a product or a category sold in the period: item value (price × quantity) in rupees. */
export interface LineSales {
  name: string;
  units: number;
  value: number;
}

export interface SalesStatsData {
  salesStats: {
    /** The period: `days` Asia/Kolkata days from `from` to `to` (today), YYYY-MM-DD. */
    days: number;
    from: string;
    to: string;
    todaySales: number;
    /** Delivered orders only: cash collected. */
    totalEarnings: number;
    /** Placed and not cancelled, collected or not. */
    bookedSales: number;
    daily: DailySales[];
    /** Orders placed in the period by their status now, every status listed. */
    periodByStatus: StatusCount[];
    topProducts: Array<LineSales & { productId: string }>;
    salesByCategory: Array<LineSales & { categoryId: string | null }>;
  };
}

// Three queries, not one: each figure comes from its own service, and a service that does not
// answer then costs its own cards only (a failed non-null root field would void the whole answer).
export const CATALOG_STATS = graphqlDocument('CatalogStats', `
  query CatalogStats {
    catalogStats {
      totalProducts
      byCategory {
        key
        name
        count
      }
    }
  }
`);

export const USER_STATS = graphqlDocument('UserStats', `
  query UserStats {
    userStats {
      totalUsers
    }
  }
`);

export const SALES_STATS = graphqlDocument('SalesStats', `
  query SalesStats($days: Int!) {
    salesStats(days: $days) {
      todaySales
      totalEarnings
      bookedSales
      days
      from
      to
      daily {
        date
        total
        orders
      }
      periodByStatus {
        status
        orders
      }
      topProducts {
        productId
        name
        units
        value
      }
      salesByCategory {
        categoryId
        name
        units
        value
      }
    }
  }
`);
