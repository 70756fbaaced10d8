import { isUnauthenticated, SessionExpiredError } from './api-errors';
import type { GraphQLDocument } from './graphql-document';
import { sendOperation } from './graphql-request';
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
 * graphqlRequest for operations that need the session (the shopper's own data, every staff page):
 * an UNAUTHENTICATED answer refreshes the session once (shared with every other caller) and sends
 * the operation again. If the session cannot be refreshed it rejects with SessionExpiredError;
 * `silent` keeps that from ending the session on screen (for reads made in the background).
 * A query through `me`, which is open to everyone, answers `me: null` rather than UNAUTHENTICATED
 * when the access cookie has gone stale (a tab left open past the token's life): that refreshes
 * the session once too. The web's one refresh-and-retry path (decision 0084).
 */
export async function graphqlRequestWithRefresh<TData, TVariables>(
  refresher: TokenRefresher,
  document: GraphQLDocument<TData, TVariables>,
  variables: TVariables,
  { silent = false }: { silent?: boolean } = {},
): Promise<TData> {
  const send = async (): Promise<TData> => {
    const sentAt = Date.now();
    try {
      return await sendOperation(document, variables);
    } catch (error) {
      if (!isUnauthenticated(error)) throw error;
      await refreshSince(refresher, sentAt, silent);
      return sendOperation(document, variables);
    }
  };
  const sentAt = Date.now();
  const data = await send();
  if ((data as { me?: unknown } | null)?.me !== null) return data;
  await refreshSince(refresher, sentAt, silent);
  return send();
}
