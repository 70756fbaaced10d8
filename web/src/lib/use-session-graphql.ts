import { useCallback, useMemo, useRef, useState } from 'react';
import type { GraphQLDocument, VariablesArgument } from './graphql-document';
import { graphqlRequestWithRefresh } from './graphql-request-with-refresh';
import { useSession } from './session';
import { useGraphQLQuery, type QueryFetcher, type QueryOptions, type QueryResult } from './use-graphql-query';

/**
 * GraphQL for the logged-in user's own data (profile, checkout, orders) and for every staff page,
 * over the same small fetch client as the browsing pages (decision 0084): one session refresh and
 * retry on UNAUTHENTICATED, shared with every other caller.
 */

/**
 * A fetcher that refreshes the session once when it has expired: on UNAUTHENTICATED, and when a
 * query through `me` answers `me: null` (what a stale access cookie gets, as `me` is open to all).
 */
export function useSessionFetcher(): QueryFetcher {
  const { tokenRefresher } = useSession();
  return useMemo<QueryFetcher>(() => (document, variables) => graphqlRequestWithRefresh(tokenRefresher, document, variables), [tokenRefresher]);
}

export interface SessionQueryOptions extends Pick<QueryOptions, 'skip'> {
  /**
   * Keep the answers (under the user's id, so never shown to another account) and show them at
   * once when the page is opened again, while asking again: the staff lists.
   */
  remember?: boolean;
}

/**
 * A query on data only this user may see: never shared between accounts (keyed by the user id),
 * skipped while logged out.
 */
export function useSessionQuery<TData, TVariables>(
  document: GraphQLDocument<TData, TVariables>,
  variables: TVariables,
  { skip = false, remember = false }: SessionQueryOptions = {},
): QueryResult<TData> {
  const { user } = useSession();
  const fetcher = useSessionFetcher();
  return useGraphQLQuery(document, variables, {
    skip: skip || !user,
    cache: remember,
    freshMs: 0,
    cacheKey: user?.id ?? 'anonymous',
    fetcher,
  });
}

export interface SessionMutation<TData, TVariables> {
  /** Sends the mutation; rejects with the failure (GraphQLResponseError, SessionExpiredError, network). */
  mutate(...variables: VariablesArgument<TVariables>): Promise<TData>;
  /** A call is on its way. */
  loading: boolean;
}

/** A mutation on the user's own data or a staff change, with a `loading` flag for the button that sends it. */
export function useSessionMutation<TData, TVariables>(document: GraphQLDocument<TData, TVariables>): SessionMutation<TData, TVariables> {
  const fetcher = useSessionFetcher();
  const [pending, setPending] = useState(0);
  const sent = useRef(document);
  sent.current = document;
  const mutate = useCallback(
    async (...[variables]: VariablesArgument<TVariables>) => {
      setPending((n) => n + 1);
      try {
        return await fetcher(sent.current, variables as TVariables);
      } finally {
        setPending((n) => n - 1);
      }
    },
    [fetcher],
  );
  return { mutate, loading: pending > 0 };
}
