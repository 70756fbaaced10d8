import { graphqlDocument } from '../../../lib/graphql-document';

/** A product as the staff list shows it (price in rupees). */
export interface AdminProduct {
  id: string;
  /** The staff-supplied product code. */
  code: string;
  name: string;
  price: number;
  stock: number;
  /** Card-size URL of the first image; null when the product has none. */
  thumbnail: string | null;
  category: { id: string; name: string };
}

export interface AdminProductsData {
  adminProducts: {
    products: AdminProduct[];
    productCount: number;
    resultsPerPage: number;
    totalPages: number;
    currentPage: number;
  };
}

export interface AdminProductsVariables {
  /** Matches the name or the product code; null for every product. */
  query: string | null;
  page: number;
  limit: number;
}

/** Staff: every product, newest first, optionally matching a text. */
export const ADMIN_PRODUCTS = graphqlDocument('AdminProducts', `
  query AdminProducts($query: String, $page: Int!, $limit: Int!) {
    adminProducts(query: $query, page: $page, limit: $limit) {
      products {
        id
        code
        name
        price
        stock
        thumbnail
        category {
          id
          name
        }
      }
      productCount
      resultsPerPage
      totalPages
      currentPage
    }
  }
`);

export interface DeleteProductData {
  deleteProduct: { success: boolean; message: string | null };
}

/** Staff: deletes a product. */
export const DELETE_PRODUCT = graphqlDocument('AdminDeleteProduct', `
  mutation AdminDeleteProduct($id: ID!) {
    deleteProduct(id: $id) {
      success
      message
    }
  }
`);
