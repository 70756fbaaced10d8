import { useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useListReload } from '../../../lib/use-list-reload';
import { ADMIN_REVIEW_LIST, type AdminReviewListData, type ModeratedReview } from '../api/admin-reviews-documents';
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
  const reload = useListReload('adminReviewList', refetch);

  // The page's next review moves up; a failure (already gone, say) shows the page as it is now.
  const { deleteReview, deletingId } = useDeleteReview<ModeratedReview>({ onDeleted: reload, onFailed: reload });

  let state: ReviewListState;
  if (data?.adminReviewList) state = { status: 'ready', page: data.adminReviewList };
  else if (error) state = { status: 'error', error };
  else if (loading) state = { status: 'loading' };
  else state = { status: 'error', error: new Error('No answer') };
  return { state, reload, deleteReview, deletingId };
}
