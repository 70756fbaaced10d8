import { catalogMessages, reviewModerationMessages } from '@shop/proto-contracts';
import type { ReviewRow } from '../db/schema';

/** What the reviewer is told: their review is shown now, or waits for approval (decision 0056). */
export function reviewMessage(status: string, created: boolean): string {
  if (status === 'pending') return reviewModerationMessages.awaitingApproval;
  return created ? catalogMessages.reviewAdded : catalogMessages.reviewUpdated;
}

/** A review as the domain hands it out: whether the reviewer received the product, and (in the staff list) its name. */
export type ReviewView = ReviewRow & { verifiedPurchase: boolean; productName?: string };

/** How a reviewer is shown: first name and the initial of the last ('Asha Kumar' → 'Asha K.'). */
export function reviewerName(fullName: string | undefined): string {
  const parts = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'Shopper';
  const first = parts[0].slice(0, 40);
  return parts.length > 1 ? `${first} ${parts[parts.length - 1][0].toUpperCase()}.` : first;
}

/** The review object of the REST API. */
export function toRestReview(r: ReviewView) {
  return {
    _id: r.id,
    id: r.id,
    productId: r.productId,
    user: r.userId,
    name: r.userName,
    rating: r.rating,
    comment: r.comment,
    verifiedPurchase: r.verifiedPurchase,
    status: r.status,
    rejectionReason: r.rejectionReason,
    ...(r.productName !== undefined ? { productName: r.productName } : {}),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The Review type of the GraphQL schema. */
export function toGraphqlReview(r: ReviewView) {
  return {
    id: r.id,
    productId: r.productId,
    userId: r.userId,
    userName: r.userName,
    rating: r.rating,
    comment: r.comment,
    verifiedPurchase: r.verifiedPurchase,
    status: r.status,
    rejectionReason: r.rejectionReason,
    ...(r.productName !== undefined ? { productName: r.productName } : {}),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
