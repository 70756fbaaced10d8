import { gql, type TypedDocumentNode } from '@apollo/client';

/** A shopper's review as staff see it. */
export interface AdminReview {
  id: string;
  productId: string;
  userName: string;
  rating: number;
  comment: string;
  createdAt: string;
}

export interface AdminReviewsData {
  adminReviews: AdminReview[];
}

/** Staff: every review of a product, newest first. */
export const ADMIN_REVIEWS: TypedDocumentNode<AdminReviewsData, { productId: string }> = gql`
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
`;

export interface DeleteReviewData {
  deleteReview: { success: boolean; message: string | null };
}

/** Staff: removes a review (the product's rating is worked out again). */
export const DELETE_REVIEW: TypedDocumentNode<DeleteReviewData, { productId: string; reviewId: string }> = gql`
  mutation AdminDeleteReview($productId: ID!, $reviewId: ID!) {
    deleteReview(productId: $productId, reviewId: $reviewId) {
      success
      message
    }
  }
`;
