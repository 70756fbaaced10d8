import { useLocalChanges } from '../../../lib/use-local-changes';
import { useSessionMutation, useSessionQuery } from '../../../lib/use-session-graphql';
import { useCallback, useRef, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { useDialogs } from '../../../components/confirm-dialog';
import { getErrorCode, payloadMessage } from '../../../lib/api-errors';
import { invalidateQueries } from '../../../lib/query-cache';
import { toastFailure } from '../../../lib/toast-failure';
import { ADMIN_REVIEWS, DELETE_REVIEW, type AdminReview } from '../api/admin-reviews-documents';

/** The fallback texts of review management, when the server gives none. */
export const REVIEWS_LOAD_FAILED = 'Failed to Fetch Product Reviews';
const DELETE_FAILED = 'Failed to Delete Product Review';
const DELETED = 'Review deleted';

export const deleteReviewQuestion = (review: Pick<AdminReview, 'userName'>) =>
  `Delete the review by ${review.userName}? This cannot be undone.`;

export type AdminReviewsState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; reviews: AdminReview[] };

export interface AdminReviews {
  state: AdminReviewsState;
  reload(): void;
  /** Asks first; true when the review was deleted. */
  deleteReview(review: AdminReview): Promise<boolean>;
  /** The review being deleted right now, if any. */
  deletingId: string | null;
}

/**
 * Delete a review after confirming, the outcome in a toast; one at a time. A product's panel and
 * the moderation list say what then happens to their list.
 */
export function useDeleteReview<R extends AdminReview>({ onDeleted, onFailed }: { onDeleted(review: R): void; onFailed(failure: unknown): void }) {
  const { mutate: remove } = useSessionMutation(DELETE_REVIEW);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const busy = useRef(false);
  const dialogs = useDialogs();

  const deleteReview = useCallback(
    async (review: R) => {
      if (busy.current) return false;
      if (!(await dialogs.confirm(deleteReviewQuestion(review), { confirmLabel: 'Delete', danger: true })) || busy.current) return false;
      busy.current = true;
      setDeletingId(review.id);
      try {
        const answer = await remove({ productId: review.productId, reviewId: review.id });
        if (!answer?.deleteReview.success) {
          toast.error(payloadMessage(answer?.deleteReview, DELETE_FAILED));
          return false;
        }
        onDeleted(review);
        // The product's rating and review count changed: shopper pages ask again.
        invalidateQueries();
        toast.success(DELETED);
        return true;
      } catch (failure) {
        toastFailure(failure, DELETE_FAILED);
        onFailed(failure);
        return false;
      } finally {
        busy.current = false;
        setDeletingId(null);
      }
    },
    [remove, dialogs, onDeleted, onFailed],
  );
  return { deleteReview, deletingId };
}

/** The reviews of one product for staff, with Delete (after confirming; the outcome in a toast). */
export function useAdminReviews(productId: string): AdminReviews {
  const { data: answer, error, loading, refetch: reload } = useSessionQuery(ADMIN_REVIEWS, { productId }, { remember: true });
  // A deleted review leaves the list at once (the list is not read again for it).
  const [data, change] = useLocalChanges(answer);
  const forget = useCallback(
    (deleted: AdminReview) => change((current) => ({ adminReviews: current.adminReviews.filter((review) => review.id !== deleted.id) })),
    [change],
  );

  // Already gone (another member of staff deleted it): show the list as it is now.
  const onFailed = useCallback(
    (failure: unknown) => {
      if (getErrorCode(failure) === 'NOT_FOUND') reload();
    },
    [reload],
  );
  const { deleteReview, deletingId } = useDeleteReview<AdminReview>({ onDeleted: forget, onFailed });

  let state: AdminReviewsState;
  if (data?.adminReviews) state = { status: 'ready', reviews: data.adminReviews };
  else if (error) state = { status: 'error', error };
  else if (loading) state = { status: 'loading' };
  else state = { status: 'error', error: new Error('No answer') };
  return { state, reload, deleteReview, deletingId };
}
