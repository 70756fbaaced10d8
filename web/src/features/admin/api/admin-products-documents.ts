import { graphqlDocument, type ResultOf, type VariablesOf } from '../../../lib/graphql-document';

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

/** Staff: deletes a product. */
export const DELETE_PRODUCT = graphqlDocument('AdminDeleteProduct', `
  mutation AdminDeleteProduct($id: ID!) {
    deleteProduct(id: $id) {
      success
      message
    }
  }
`);

export type AdminProductsData = ResultOf<typeof ADMIN_PRODUCTS>;
/** A product as the staff list shows it (price in rupees). */
export type AdminProduct = AdminProductsData['adminProducts']['products'][number];
export type AdminProductsVariables = VariablesOf<typeof ADMIN_PRODUCTS>;
