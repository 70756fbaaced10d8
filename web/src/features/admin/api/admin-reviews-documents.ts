import { graphqlDocument, type ResultOf, type VariablesOf } from '../../../lib/graphql-document';

/** Staff: every review of a product, newest first. */
export const ADMIN_REVIEWS = graphqlDocument('AdminReviews', `
  query AdminReviews($productId: ID!) {
    adminReviews(productId: $productId) {
      id
      productId
      userName
      rating
      comment
      createdAt
    }
  }
`);

/** Staff: every review newest first, by rating, product and text. */
export const ADMIN_REVIEW_LIST = graphqlDocument('AdminReviewList', `
  query AdminReviewList($q: String, $rating: Int, $productId: ID, $status: String, $page: Int!, $limit: Int!) {
    adminReviewList(q: $q, rating: $rating, productId: $productId, status: $status, page: $page, limit: $limit) {
      reviews {
        id
        productId
        productName
        userName
        rating
        comment
        verifiedPurchase
        status
        rejectionReason
        createdAt
      }
      total
      totalPages
      currentPage
    }
  }
`);

/** Staff: removes a review (the product's rating is worked out again). */
export const DELETE_REVIEW = graphqlDocument('AdminDeleteReview', `
  mutation AdminDeleteReview($productId: ID!, $reviewId: ID!) {
    deleteReview(productId: $productId, reviewId: $reviewId) {
      success
      message
    }
  }
`);

/** Staff: approve a review (shown, counted), or reject it with the reason its author reads. */
export const MODERATE_REVIEW = graphqlDocument('AdminModerateReview', `
  mutation AdminModerateReview($reviewId: ID!, $status: String!, $reason: String) {
    moderateReview(reviewId: $reviewId, status: $status, reason: $reason) {
      success
      message
      review {
        id
        status
        rejectionReason
      }
    }
  }
`);

export type AdminReviewsData = ResultOf<typeof ADMIN_REVIEWS>;
/** A shopper's review as staff see it. */
export type AdminReview = AdminReviewsData['adminReviews'][number];
export type AdminReviewListData = ResultOf<typeof ADMIN_REVIEW_LIST>;
/** A review in the moderation list: with its product's name, whether the reviewer received it and its moderation state (decision 0056). */
export type ModeratedReview = AdminReviewListData['adminReviewList']['reviews'][number];
export type AdminReviewListVariables = VariablesOf<typeof ADMIN_REVIEW_LIST>;
