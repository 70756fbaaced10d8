import { useSessionMutation, useSessionQuery } from '../../../lib/use-session-graphql';
import { useCallback, useRef, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { MAX_REJECTION_REASON_LENGTH, MIN_REJECTION_REASON_LENGTH } from '@shop/proto-contracts/web';
import { payloadMessage } from '../../../lib/api-errors';
import { invalidateQueries } from '../../../lib/query-cache';
import { toastFailure } from '../../../lib/toast-failure';
import { useReasonDialog } from '../components/reason-dialog';
import { useSearchParams } from 'react-router-dom';
import { useListReload } from '../../../lib/use-list-reload';
import { ADMIN_REVIEW_LIST, MODERATE_REVIEW, type AdminReviewListData, type ModeratedReview } from '../api/admin-reviews-documents';
import { parsePageParam } from './use-admin-orders-params';
import { REVIEWS_LOAD_FAILED, useDeleteReview } from './use-admin-reviews';

export const REVIEWS_PER_PAGE = 20;
export { REVIEWS_LOAD_FAILED };

export interface ReviewFilters {
  q: string;
  /** '1'…'5' or '' for every rating. */
  rating: string;
  /** One product's reviews, or '' for all. */
  productId: string;
  /** pending (the queue, the default), approved, rejected, or all. */
  status: string;
}

const REVIEW_STATUS_FILTERS = ['pending', 'approved', 'rejected', 'all'];

/** The moderation list's filters and page live in the address (`?section=reviews&rating=1&page=2`). */
export function useReviewListParams() {
  const [params, setParams] = useSearchParams();
  const rating = /^[1-5]$/.test(params.get('rating') ?? '') ? params.get('rating')! : '';
  const status = REVIEW_STATUS_FILTERS.includes(params.get('status') ?? '') ? params.get('status')! : 'pending';
  const filters: ReviewFilters = { q: params.get('q')?.trim() ?? '', rating, productId: params.get('product') ?? '', status };
  const page = parsePageParam(params.get('page'));

  const setFilters = useCallback(
    (next: ReviewFilters) => {
      const query = new URLSearchParams(params);
      for (const [key, value] of [['q', next.q.trim()], ['rating', next.rating], ['product', next.productId], ['status', next.status === 'pending' ? '' : next.status]] as const) {
        if (value) query.set(key, value);
        else query.delete(key);
      }
      query.delete('page');
      setParams(query, { preventScrollReset: true, state: { keepScroll: true } });
    },
    [params, setParams],
  );
  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) => {
      const query = new URLSearchParams(params);
      if (next <= 1) query.delete('page');
      else query.set('page', String(next));
      setParams(query, { replace: options?.replace });
    },
    [params, setParams],
  );
  return { filters, page, setFilters, setPage };
}

export type ReviewListState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; page: AdminReviewListData['adminReviewList'] };

/** One page of the moderation list, with Approve, Reject (asks the reason) and Delete (asks first); outcomes in toasts. */
export function useAdminReviewList(filters: ReviewFilters, page: number) {
  const { data, error, loading } = useSessionQuery(
    ADMIN_REVIEW_LIST,
    {
      q: filters.q || null,
      rating: filters.rating ? Number(filters.rating) : null,
      productId: filters.productId || null,
      status: filters.status === 'all' ? null : filters.status,
      page,
      limit: REVIEWS_PER_PAGE,
    },
    { remember: true },
  );
  const reload = useListReload(ADMIN_REVIEW_LIST);

  // The page's next review moves up; a failure (already gone, say) shows the page as it is now.
  const { deleteReview, deletingId } = useDeleteReview<ModeratedReview>({ onDeleted: reload, onFailed: reload });

  const { moderate, moderatingId, dialog } = useModerateReview(reload);

  let state: ReviewListState;
  if (data?.adminReviewList) state = { status: 'ready', page: data.adminReviewList };
  else if (error) state = { status: 'error', error };
  else if (loading) state = { status: 'loading' };
  else state = { status: 'error', error: new Error('No answer') };
  return { state, reload, deleteReview, deletingId, moderate, moderatingId, dialog };
}

const MODERATE_FAILED = 'Failed to moderate the review';

/** Approve, or reject with a reason asked in a dialog; one at a time; then the list is read again. */
function useModerateReview(onDone: () => void) {
  const { mutate: mutate } = useSessionMutation(MODERATE_REVIEW);
  const [moderatingId, setModeratingId] = useState<string | null>(null);
  const busy = useRef(false);
  const reason = useReasonDialog();
  const askReason = reason.ask;

  const moderate = useCallback(
    async (review: ModeratedReview, status: 'approved' | 'rejected') => {
      if (busy.current) return false;
      let why: string | null = null;
      if (status === 'rejected') {
        why = await askReason({
          title: `Reject the review by ${review.userName}?`,
          label: 'Reason (the reviewer sees it)',
          confirmLabel: 'Reject review',
          min: MIN_REJECTION_REASON_LENGTH,
          max: MAX_REJECTION_REASON_LENGTH,
        });
        if (!why) return false;
      }
      busy.current = true;
      setModeratingId(review.id);
      try {
        const data = await mutate({ reviewId: review.id, status, reason: why });
        if (!data?.moderateReview.success) {
          toast.error(payloadMessage(data?.moderateReview, MODERATE_FAILED));
          return false;
        }
        toast.success(data.moderateReview.message ?? (status === 'approved' ? 'Review approved' : 'Review rejected'));
        // The product's rating and reviews changed: shopper pages ask again.
        invalidateQueries();
        onDone();
        return true;
      } catch (failure) {
        toastFailure(failure, MODERATE_FAILED);
        onDone();
        return false;
      } finally {
        busy.current = false;
        setModeratingId(null);
      }
    },
    [mutate, askReason, onDone],
  );
  return { moderate, moderatingId, dialog: reason.dialog };
}
