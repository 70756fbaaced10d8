import { graphqlRequestWithRefresh } from '../../../lib/graphql-request-with-refresh';
import { useSession } from '../../../lib/session';
import { useGraphQLQuery, type QueryFetcher } from '../../../lib/use-graphql-query';
import { MY_REVIEW_QUERY, type Review } from '../api/product-documents';

export interface MyReviewState {
  /** undefined while unknown (not logged in, or still asking). */
  review: Review | null | undefined;
  loading: boolean;
}

/** The logged-in user's review of a product; asked only with a session, never cached across users. */
export function useMyReview(productId: string): MyReviewState {
  const { status, user, tokenRefresher } = useSession();
  const loggedIn = status === 'authenticated';
  // A stale access cookie is refreshed quietly: this read must not end the session on screen.
  const fetcher: QueryFetcher = (document, variables) => graphqlRequestWithRefresh(tokenRefresher, document, variables, { silent: true });
  const { data, error, loading } = useGraphQLQuery(MY_REVIEW_QUERY, { id: productId }, { skip: !loggedIn, cache: false, cacheKey: user?.id, fetcher });
  if (!loggedIn) return { review: undefined, loading: false };
  if (error) return { review: null, loading: false };
  return { review: data ? (data.product?.myReview ?? null) : undefined, loading };
}
