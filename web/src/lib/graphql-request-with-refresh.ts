import { isUnauthenticated, SessionExpiredError } from './api-errors';
import { graphqlRequest } from './graphql-request';
import type { TokenRefresher } from './token-refresher';

/**
 * Refreshes the session once for a request sent at `sentAt` (unless another call already did since),
 * or rejects with SessionExpiredError when it cannot be refreshed.
 */
async function refreshSince(refresher: TokenRefresher, sentAt: number, silent: boolean): Promise<void> {
  const refreshed = refresher.lastSuccessAt() > sentAt || (await refresher.refresh({ silent }));
  if (!refreshed) throw new SessionExpiredError('Session expired. Please login again.');
}

/**
 * graphqlRequest for operations that need the session (a review, the user's own review): an
 * UNAUTHENTICATED answer refreshes the session once (shared with every other caller) and sends
 * the operation again. If the session cannot be refreshed it rejects with SessionExpiredError;
 * `silent` keeps that from ending the session on screen (for reads made in the background).
 */
export async function graphqlRequestWithRefresh<TData>(
  refresher: TokenRefresher,
  operationName: string,
  query: string,
  variables: Record<string, unknown> = {},
  { silent = false }: { silent?: boolean } = {},
): Promise<TData> {
  const sentAt = Date.now();
  try {
    return await graphqlRequest<TData>(operationName, query, variables);
  } catch (error) {
    if (!isUnauthenticated(error)) throw error;
    await refreshSince(refresher, sentAt, silent);
    return graphqlRequest<TData>(operationName, query, variables);
  }
}

/**
 * graphqlRequestWithRefresh for a query read through `me`: `me` is open to everyone and answers
 * null (not UNAUTHENTICATED) when the access cookie has gone stale, e.g. in a tab left open past
 * the token's life. Then the session is refreshed once and the query sent again.
 */
export async function graphqlMeRequestWithRefresh<TData>(
  refresher: TokenRefresher,
  operationName: string,
  query: string,
  variables: Record<string, unknown> = {},
  { silent = false }: { silent?: boolean } = {},
): Promise<TData> {
  const sentAt = Date.now();
  const data = await graphqlRequestWithRefresh<TData>(refresher, operationName, query, variables, { silent });
  if ((data as { me?: unknown } | null)?.me !== null) return data;
  await refreshSince(refresher, sentAt, silent);
  return graphqlRequestWithRefresh<TData>(refresher, operationName, query, variables, { silent });
}
