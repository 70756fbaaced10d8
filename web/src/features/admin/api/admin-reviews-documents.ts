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

/** A review in the moderation list: with its product's name and whether the reviewer received it. */
export interface ModeratedReview extends AdminReview {
  productName: string | null;
  verifiedPurchase: boolean;
}

export interface AdminReviewListData {
  adminReviewList: { reviews: ModeratedReview[]; total: number; totalPages: number; currentPage: number };
}

export interface AdminReviewListVariables {
  q: string | null;
  rating: number | null;
  productId: string | null;
  page: number;
  limit: number;
}

/** Staff: every review newest first, by rating, product and text. */
export const ADMIN_REVIEW_LIST: TypedDocumentNode<AdminReviewListData, AdminReviewListVariables> = gql`
  query AdminReviewList($q: String, $rating: Int, $productId: ID, $page: Int!, $limit: Int!) {
    adminReviewList(q: $q, rating: $rating, productId: $productId, page: $page, limit: $limit) {
      reviews {
        id
        productId
        productName
        userName
        rating
        comment
        verifiedPurchase
        createdAt
      }
      total
      totalPages
      currentPage
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
