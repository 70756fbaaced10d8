import { graphqlDocument, type ResultOf } from '../../../lib/graphql-document';

/** Staff: products with the threshold's units or fewer (or a size that has), fewest first. */
export const ADMIN_LOW_STOCK = graphqlDocument('AdminLowStock', `
  query AdminLowStock($page: Int!, $limit: Int!) {
    adminLowStock(page: $page, limit: $limit) {
      threshold
      total
      totalPages
      currentPage
      products {
        id
        code
        name
        stock
        thumbnail
        lowSizes {
          size
          stock
        }
      }
    }
  }
`);

export type AdminLowStockData = ResultOf<typeof ADMIN_LOW_STOCK>;
/** A product running out, as the low-stock list shows it (decision 0057). */
export type LowStockProduct = AdminLowStockData['adminLowStock']['products'][number];
