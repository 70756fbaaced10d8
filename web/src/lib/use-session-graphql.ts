import { useCallback, useMemo, useRef, useState } from 'react';
import { graphqlMeRequestWithRefresh } from './graphql-request-with-refresh';
import { useSession } from './session';
import { useGraphQLQuery, type QueryFetcher, type QueryOptions, type QueryResult } from './use-graphql-query';

/**
 * GraphQL for the logged-in shopper's own data (profile, checkout, orders) over plain fetch: one
 * session refresh and retry on UNAUTHENTICATED, shared with every other caller. Without Apollo, so
 * a shopper who lands on one of these pages loads no more JavaScript than on a browsing page.
 */

/**
 * A fetcher that refreshes the session once when it has expired: on UNAUTHENTICATED, and when a
 * query through `me` answers `me: null` (what a stale access cookie gets, as `me` is open to all).
 */
export function useSessionFetcher(): QueryFetcher {
  const { tokenRefresher } = useSession();
  return useMemo<QueryFetcher>(
    () => (operationName, query, variables) => graphqlMeRequestWithRefresh(tokenRefresher, operationName, query, variables),
    [tokenRefresher],
  );
}

/**
 * A query on the user's own data: never shared between accounts (keyed by the user id, not kept
 * in the shared cache), skipped while logged out.
 */
export function useSessionQuery<TData>(
  operationName: string,
  query: string,
  variables: Record<string, unknown> = {},
  options: Pick<QueryOptions, 'skip'> = {},
): QueryResult<TData> {
  const { user } = useSession();
  const fetcher = useSessionFetcher();
  return useGraphQLQuery<TData>(operationName, query, variables, {
    skip: options.skip || !user,
    cache: false,
    cacheKey: user?.id ?? 'anonymous',
    fetcher,
  });
}

export interface SessionMutation<TData, TVariables extends Record<string, unknown>> {
  /** Sends the mutation; rejects with the failure (GraphQLResponseError, SessionExpiredError, network). */
  mutate(variables: TVariables): Promise<TData>;
  /** A call is on its way. */
  loading: boolean;
}

/** A mutation on the user's own data, with a `loading` flag for the button that sends it. */
export function useSessionMutation<TData, TVariables extends Record<string, unknown> = Record<string, unknown>>(
  operationName: string,
  mutation: string,
): SessionMutation<TData, TVariables> {
  const fetcher = useSessionFetcher();
  const [pending, setPending] = useState(0);
  const text = useRef(mutation);
  text.current = mutation;
  const mutate = useCallback(
    async (variables: TVariables) => {
      setPending((n) => n + 1);
      try {
        return await fetcher<TData>(operationName, text.current, variables);
      } finally {
        setPending((n) => n - 1);
      }
    },
    [fetcher, operationName],
  );
  return { mutate, loading: pending > 0 };
}
