import { graphqlDocument, type ResultOf } from '../../../lib/graphql-document';
import { PRODUCT_SUMMARY_SELECTION } from '../../../lib/product-summary';

/** Reviews shown at first and per "Show more reviews". */
export const REVIEWS_PER_PAGE = 5;

const REVIEW_SELECTION = 'id userId userName rating comment verifiedPurchase status rejectionReason createdAt updatedAt';
const REVIEW_PAGE_SELECTION = `reviews { ${REVIEW_SELECTION} } total totalPages currentPage`;

/** Everything the product page shows, with the palette that gives colour names their swatch. */
export const PRODUCT_DETAIL_QUERY = graphqlDocument('ProductDetail', `
  query ProductDetail($id: ID!) {
    product(id: $id) {
      id
      code
      name
      price
      oldPrice
      discount
      description
      image
      category { id index str name }
      subcat { id str name }
      size
      colors
      colorImages { color images }
      stock
      stockDetail { size stock }
      rating
      reviews
      badge
      related(limit: 4) { ${PRODUCT_SUMMARY_SELECTION} }
      reviewList(page: 1, limit: ${REVIEWS_PER_PAGE}) { ${REVIEW_PAGE_SELECTION} }
    }
    colorPalette { name hex }
  }
`);

export const PRODUCT_REVIEWS_QUERY = graphqlDocument('ProductReviews', `
  query ProductReviews($id: ID!, $page: Int!) {
    product(id: $id) {
      id
      reviewList(page: $page, limit: ${REVIEWS_PER_PAGE}) { ${REVIEW_PAGE_SELECTION} }
    }
  }
`);

/** The logged-in user's own review (asked separately: it depends on who is logged in). */
export const MY_REVIEW_QUERY = graphqlDocument('MyReview', `
  query MyReview($id: ID!) {
    product(id: $id) {
      id
      myReview { ${REVIEW_SELECTION} }
    }
  }
`);

export const UPSERT_REVIEW_MUTATION = graphqlDocument('UpsertReview', `
  mutation UpsertReview($productId: ID!, $rating: Int!, $comment: String!) {
    upsertReview(productId: $productId, rating: $rating, comment: $comment) {
      success
      message
      review { ${REVIEW_SELECTION} }
      product { id rating reviews }
    }
  }
`);

export type ProductDetailData = ResultOf<typeof PRODUCT_DETAIL_QUERY>;
/** The product page's product: colorImages are the colours with their own pictures (the others show `image`). */
export type ProductDetail = NonNullable<ProductDetailData['product']>;
export type NamedColor = ProductDetailData['colorPalette'][number];
export type ReviewPage = ProductDetail['reviewList'];
/**
 * A review: verifiedPurchase when the reviewer received the product; status pending (waits for
 * staff), approved (shown) or rejected, with the reason only its author sees (decision 0056).
 */
export type Review = ReviewPage['reviews'][number];
