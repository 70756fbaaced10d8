import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { GraphQLDocument } from './graphql-document';
import { sendOperation } from './graphql-request';
import { cachedAnswer, FRESH_MS, onInvalidate, queryKey, rememberAnswer, requestInFlight, trackRequest } from './query-cache';

/** How a query is sent: plain (graphqlRequest) or with the session's refresh and retry. */
export type QueryFetcher = <TData, TVariables>(document: GraphQLDocument<TData, TVariables>, variables: TVariables) => Promise<TData>;

export interface QueryOptions {
  /** Do not ask (e.g. nothing to search for). */
  skip?: boolean;
  /** Keep answers in the shared cache (default true; false for answers that depend on the user). */
  cache?: boolean;
  /** Extra part of the cache key, for answers that depend on something other than variables. */
  cacheKey?: string;
  /** A cached answer younger than this is shown without asking again (default FRESH_MS; 0: always ask, showing the cached answer meanwhile). */
  freshMs?: number;
  /** How to send the operation (default graphqlRequest). */
  fetcher?: QueryFetcher;
}

export interface QueryResult<TData> {
  /** The answer for the current variables. */
  data: TData | undefined;
  /** The last answer for any earlier variables: something to show dimmed while loading. */
  previousData: TData | undefined;
  /** The failure of the last attempt for the current variables. */
  error: unknown;
  /** No answer yet for the current variables and a request is on its way. */
  loading: boolean;
  /** A request for the current variables is on its way (also while an earlier answer is shown). */
  fetching: boolean;
  /** Ask again (after an error, or to bring a shown answer up to date). */
  refetch(): void;
}

interface State<TData> {
  key: string;
  data: TData | undefined;
  previousData: TData | undefined;
  error: unknown;
  fetching: boolean;
}

function stateFor<TData>(key: string, useCache: boolean, previousData: TData | undefined): State<TData> {
  const cached = useCache ? cachedAnswer(key) : undefined;
  return { key, data: cached?.data as TData | undefined, previousData, error: undefined, fetching: false };
}

const plainFetcher: QueryFetcher = (document, variables) => sendOperation(document, variables);

/**
 * Runs a read-only GraphQL operation for a component, with the shared cache of query-cache.ts: a
 * page visited again shows its last answer at once and asks again once it is older than `freshMs`.
 * An invalidateQueries of its operation makes it ask again.
 */
export function useGraphQLQuery<TData, TVariables>(
  document: GraphQLDocument<TData, TVariables>,
  variables: TVariables,
  { skip = false, cache: useCache = true, cacheKey = '', freshMs = FRESH_MS, fetcher = plainFetcher }: QueryOptions = {},
): QueryResult<TData> {
  const { operationName } = document;
  const key = queryKey(operationName, (variables ?? {}) as Record<string, unknown>, cacheKey);
  const [state, setState] = useState<State<TData>>(() => stateFor<TData>(key, useCache, undefined));
  const [attempt, setAttempt] = useState(0);
  const forceRef = useRef(false);
  const request = useRef({ document, variables, fetcher });
  request.current = { document, variables, fetcher };

  // New variables: start from what the cache knows about them (render-time reset, no flash).
  let current = state;
  if (state.key !== key) {
    current = stateFor<TData>(key, useCache, state.data ?? state.previousData);
    setState(current);
  }

  useEffect(() => {
    if (skip) return;
    let active = true;
    const force = forceRef.current;
    forceRef.current = false;
    const cached = useCache ? cachedAnswer(key) : undefined;
    if (cached && !force && Date.now() - cached.at < freshMs) {
      // The answer may have arrived between the first render and this effect (a start-up
      // prefetch that settled meanwhile): show it, or the page would wait for nothing.
      setState((previous) =>
        previous.key === key && previous.data === undefined ? { ...previous, data: cached.data as TData, error: undefined } : previous,
      );
      return;
    }
    if (cached) {
      setState((previous) => (previous.key === key && previous.data === undefined ? { ...previous, data: cached.data as TData } : previous));
    }

    let promise = force ? undefined : (requestInFlight(key) as Promise<TData> | undefined);
    if (!promise) {
      const { document: sent, variables: values, fetcher: send } = request.current;
      promise = trackRequest(key, send(sent, values));
    }
    // A new attempt clears the last failure (a retry shows the spinner again).
    setState((previous) => (previous.key === key && (previous.error !== undefined || !previous.fetching) ? { ...previous, error: undefined, fetching: true } : previous));
    promise.then(
      (data) => {
        if (useCache) rememberAnswer(key, data);
        if (!active) return;
        // Drawing the answer (a page of products) is rendered in slices: no long task.
        startTransition(() => {
          setState((previous) => (previous.key === key ? { ...previous, data, error: undefined, fetching: false } : previous));
        });
      },
      (error: unknown) => {
        if (active) {
          setState((previous) => (previous.key === key ? { ...previous, error, fetching: false } : previous));
        }
      },
    );
    return () => {
      active = false;
    };
  }, [key, attempt, skip, useCache, freshMs]);

  const refetch = useCallback(() => {
    forceRef.current = true;
    setAttempt((value) => value + 1);
  }, []);

  useEffect(
    () =>
      onInvalidate((name) => {
        if (name === undefined || name === operationName) refetch();
      }),
    [operationName, refetch],
  );

  return {
    data: current.data,
    previousData: current.previousData,
    error: current.error,
    loading: !skip && current.data === undefined && current.error === undefined,
    fetching: !skip && current.fetching,
    refetch,
  };
}
