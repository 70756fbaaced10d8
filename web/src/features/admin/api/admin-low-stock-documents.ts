import { graphqlDocument } from '../../../lib/graphql-document';

/** A product running out, as the low-stock list shows it (decision 0057). */
export interface LowStockProduct {
  id: string;
  code: string;
  name: string;
  stock: number;
  thumbnail: string | null;
  /** Sizes at or under the threshold, fewest first. */
  lowSizes: Array<{ size: string; stock: number }>;
}

export interface AdminLowStockData {
  adminLowStock: { threshold: number; products: LowStockProduct[]; total: number; totalPages: number; currentPage: number };
}

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
