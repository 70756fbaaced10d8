import { graphqlDocument, type ResultOf } from '../../../lib/graphql-document';

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

export type CatalogStatsData = ResultOf<typeof CATALOG_STATS>;
export type CategoryCount = CatalogStatsData['catalogStats']['byCategory'][number];
export type UserStatsData = ResultOf<typeof USER_STATS>;
export type SalesStatsData = ResultOf<typeof SALES_STATS>;
/** One Asia/Kolkata day of sales (money in rupees; cancelled orders not counted). */
export type DailySales = SalesStatsData['salesStats']['daily'][number];
export type StatusCount = SalesStatsData['salesStats']['periodByStatus'][number];
