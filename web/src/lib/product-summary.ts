/**
 * What a product card shows, and the GraphQL selection that asks for it. A plain string (no
 * parser): the browsing pages send it with graphqlRequest.
 */
export interface ProductSummary {
  id: string;
  name: string;
  /** Rupees. */
  price: number;
  /** MRP in rupees (equals price without a discount). */
  oldPrice: number;
  /** Percent. */
  discount: number;
  /** Card-size image URL, null when the product has no images. */
  thumbnail: string | null;
  rating: number;
  reviews: number;
  stock: number;
  badge: string | null;
}

export const PRODUCT_SUMMARY_SELECTION = `
  id
  name
  price
  oldPrice
  discount
  thumbnail
  rating
  reviews
  stock
  badge
`;

/** One page of a listing (the API's ProductPage). */
export interface ProductPage {
  products: ProductSummary[];
  productCount: number;
  /** A search that found more than 1,000 products counts no further: productCount is then a lower bound ("1,000+"). */
  productCountCapped: boolean;
  resultsPerPage: number;
  totalPages: number;
  currentPage: number;
}

export const PRODUCT_PAGE_SELECTION = `
  products { ${PRODUCT_SUMMARY_SELECTION} }
  productCount
  productCountCapped
  resultsPerPage
  totalPages
  currentPage
`;
