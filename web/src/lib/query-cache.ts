import type { GraphQLDocument, VariablesArgument } from './graphql-document';
import { sendOperation } from './graphql-request';

/**
 * The read cache behind useGraphQLQuery, the web's one GraphQL cache (decision 0084). Answers are kept per operation and variables; requests on their way are
 * shared, so two askers (or a prefetch and a page) send one request. No React here: the
 * start-up prefetch (src/prefetch.ts) runs before React has even loaded.
 */

/** An answer younger than this is shown without asking again. */
export const FRESH_MS = 60_000;
const MAX_ENTRIES = 80;

export interface CacheEntry {
  data: unknown;
  at: number;
}

const cache = new Map<string, CacheEntry>();
const inFlight = new Map<string, Promise<unknown>>();
const invalidationListeners = new Set<(operationName: string | undefined) => void>();

export function queryKey(operationName: string, variables: Record<string, unknown>, extra = ''): string {
  return `${operationName}:${JSON.stringify(variables)}${extra ? `#${extra}` : ''}`;
}

export function cachedAnswer(key: string): CacheEntry | undefined {
  return cache.get(key);
}

export function rememberAnswer(key: string, data: unknown): void {
  cache.delete(key);
  cache.set(key, { data, at: Date.now() });
  if (cache.size > MAX_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
}

export function requestInFlight(key: string): Promise<unknown> | undefined {
  return inFlight.get(key);
}

/** Shares a request on its way under its key until it settles. */
export function trackRequest<T>(key: string, request: Promise<T>): Promise<T> {
  const tracked = request.finally(() => {
    if (inFlight.get(key) === tracked) inFlight.delete(key);
  });
  inFlight.set(key, tracked);
  return tracked;
}

/**
 * Sends a read before any component asks for it (the first page's data, while its code loads);
 * the component's useGraphQLQuery with the same document and variables picks the answer up.
 */
export function prefetchQuery<TData, TVariables>(
  document: GraphQLDocument<TData, TVariables>,
  ...[variables]: VariablesArgument<TVariables>
): Promise<TData | undefined> {
  const key = queryKey(document.operationName, variables ?? {});
  if (cache.has(key) || inFlight.has(key)) return Promise.resolve(undefined);
  const sent = trackRequest(key, sendOperation(document, variables));
  // A failure is reported by the component that joins this request (or asks again later).
  return sent.then(
    (data) => {
      rememberAnswer(key, data);
      return data;
    },
    () => undefined,
  );
}

/**
 * Forgets cached answers of one operation (or all), e.g. after a change the server made; the
 * queries on screen for it ask again (the answer they show stays until the fresh one arrives).
 */
export function invalidateQueries(operationName?: string): void {
  for (const key of [...cache.keys()]) {
    if (!operationName || key.startsWith(`${operationName}:`)) cache.delete(key);
  }
  invalidationListeners.forEach((listener) => listener(operationName));
}

/** Tells `listener` of every invalidateQueries (the operation's name, or undefined for all). */
export function onInvalidate(listener: (operationName: string | undefined) => void): () => void {
  invalidationListeners.add(listener);
  return () => {
    invalidationListeners.delete(listener);
  };
}
