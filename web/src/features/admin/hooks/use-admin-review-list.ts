import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify/unstyled';
import { useDialogs } from '../../../components/confirm-dialog';
import { payloadMessage } from '../../../lib/api-errors';
import { invalidateQueries } from '../../../lib/query-cache';
import { toastFailure } from '../../../lib/toast-failure';
import { ADMIN_REVIEW_LIST, DELETE_REVIEW, type AdminReviewListData, type ModeratedReview } from '../api/admin-reviews-documents';
import { parsePageParam } from './use-admin-orders-params';
import { deleteReviewQuestion, REVIEWS_LOAD_FAILED } from './use-admin-reviews';

export const REVIEWS_PER_PAGE = 20;
const DELETE_FAILED = 'Failed to Delete Product Review';
export { REVIEWS_LOAD_FAILED };

export interface ReviewFilters {
  q: string;
  /** '1'…'5' or '' for every rating. */
  rating: string;
  /** One product's reviews, or '' for all. */
  productId: string;
}

/** The moderation list's filters and page live in the address (`?section=reviews&rating=1&page=2`). */
export function useReviewListParams() {
  const [params, setParams] = useSearchParams();
  const rating = /^[1-5]$/.test(params.get('rating') ?? '') ? params.get('rating')! : '';
  const filters: ReviewFilters = { q: params.get('q')?.trim() ?? '', rating, productId: params.get('product') ?? '' };
  const page = parsePageParam(params.get('page'));

  const setFilters = useCallback(
    (next: ReviewFilters) => {
      const query = new URLSearchParams(params);
      for (const [key, value] of [['q', next.q.trim()], ['rating', next.rating], ['product', next.productId]] as const) {
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

/** One page of the moderation list, with Delete (asks first; the outcome in a toast). */
export function useAdminReviewList(filters: ReviewFilters, page: number) {
  const { data, error, loading, refetch } = useQuery(ADMIN_REVIEW_LIST, {
    variables: {
      q: filters.q || null,
      rating: filters.rating ? Number(filters.rating) : null,
      productId: filters.productId || null,
      page,
      limit: REVIEWS_PER_PAGE,
    },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const [remove] = useMutation(DELETE_REVIEW);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const busy = useRef(false);
  const dialogs = useDialogs();

  const reload = useCallback(() => {
    refetch().catch(() => undefined);
  }, [refetch]);

  const deleteReview = useCallback(
    async (review: ModeratedReview) => {
      if (busy.current) return false;
      if (!(await dialogs.confirm(deleteReviewQuestion(review), { confirmLabel: 'Delete', danger: true })) || busy.current) return false;
      busy.current = true;
      setDeletingId(review.id);
      try {
        const { data: answer } = await remove({ variables: { productId: review.productId, reviewId: review.id } });
        if (!answer?.deleteReview.success) {
          toast.error(payloadMessage(answer?.deleteReview, DELETE_FAILED));
          return false;
        }
        toast.success('Review deleted');
        // The product's rating changed: shopper pages ask again; the page's next review moves up.
        invalidateQueries();
        reload();
        return true;
      } catch (failure) {
        toastFailure(failure, DELETE_FAILED);
        reload();
        return false;
      } finally {
        busy.current = false;
        setDeletingId(null);
      }
    },
    [remove, reload, dialogs],
  );

  let state: ReviewListState;
  if (data?.adminReviewList) state = { status: 'ready', page: data.adminReviewList };
  else if (error) state = { status: 'error', error };
  else if (loading) state = { status: 'loading' };
  else state = { status: 'error', error: new Error('No answer') };
  return { state, reload, deleteReview, deletingId };
}
