import type { TagListingQuery } from '../graphql/operations.generated';
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

export const PRODUCT_PAGE_SELECTION = `
  products { ${PRODUCT_SUMMARY_SELECTION} }
  productCount
  productCountCapped
  resultsPerPage
  totalPages
  currentPage
`;

/** What a product card shows (money in rupees; thumbnail null when the product has no images). */
export type ProductSummary = ProductPage['products'][number];

/** One page of a listing (the API's ProductPage); productCount is a lower bound ("1,000+") when productCountCapped. */
export type ProductPage = TagListingQuery['productsByTag'];
