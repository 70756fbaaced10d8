import { graphqlDocument } from '../../../lib/graphql-document';

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

/** A review in the moderation list: with its product's name, whether the reviewer received it and its moderation state. */
export interface ModeratedReview extends AdminReview {
  productName: string | null;
  verifiedPurchase: boolean;
  /** pending, approved or rejected (decision 0056). */
  status: string;
  rejectionReason: string | null;
}

export interface AdminReviewListData {
  adminReviewList: { reviews: ModeratedReview[]; total: number; totalPages: number; currentPage: number };
}

export interface AdminReviewListVariables {
  q: string | null;
  rating: number | null;
  productId: string | null;
  status: string | null;
  page: number;
  limit: number;
}

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

export interface DeleteReviewData {
  deleteReview: { success: boolean; message: string | null };
}

/** Staff: removes a review (the product's rating is worked out again). */
export const DELETE_REVIEW = graphqlDocument('AdminDeleteReview', `
  mutation AdminDeleteReview($productId: ID!, $reviewId: ID!) {
    deleteReview(productId: $productId, reviewId: $reviewId) {
      success
      message
    }
  }
`);

export interface ModerateReviewData {
  moderateReview: { success: boolean; message: string | null; review: { id: string; status: string; rejectionReason: string | null } | null };
}

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
