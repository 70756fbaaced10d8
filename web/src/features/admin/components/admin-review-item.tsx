import type { ReactNode } from 'react';
import { RatingStars } from '../../../components/rating-stars';
import { formatDate } from '../../../lib/format';
import type { AdminReview } from '../api/admin-reviews-documents';

interface AdminReviewItemProps {
  /** Reviews moderation knows whether the reviewer received the product; a product's panel does not ask. */
  review: AdminReview & { verifiedPurchase?: boolean };
  deletingId: string | null;
  onDelete(): void;
  /** Shown between the rating and the comment (moderation: which product). */
  children?: ReactNode;
  /** Moderation: the review's state and its Approve / Reject buttons, before Delete. */
  moderation?: ReactNode;
}

/** One review as staff see it: who, when, the rating and the comment, and its delete button. */
export function AdminReviewItem({ review, deletingId, onDelete, children, moderation }: AdminReviewItemProps) {
  return (
    <li className="admin-review" aria-busy={deletingId === review.id || undefined}>
      <div className="admin-review__head">
        <p className="admin-review__who">
          <strong>{review.userName}</strong> <span className="admin-review__date">{formatDate(review.createdAt)}</span>
          {review.verifiedPurchase ? <span className="badge review__verified">Verified purchase</span> : null}
        </p>
        <RatingStars rating={review.rating} />
      </div>
      {children}
      <p className="admin-review__comment">{review.comment}</p>
      {moderation}
      <button type="button" className="btn btn--sm admin-ops-btn--danger admin-review__delete" onClick={onDelete} disabled={deletingId !== null}>
        {deletingId === review.id ? 'Deleting...' : 'Delete review'}
        <span className="sr-only"> by {review.userName}</span>
      </button>
    </li>
  );
}
