import { useCallback } from 'react';
import type { GraphQLDocument } from './graphql-document';
import { invalidateQueries } from './query-cache';

/**
 * The reload of a paged staff list after a change. Every page of the list kept in the cache is
 * stale once something changed (a deletion moves the next rows up, a new total changes the page
 * count): they are forgotten, so the page on screen stays until its fresh answer arrives and the
 * next page shown is asked for rather than shown from memory (no "Page 1 of 2" after the second
 * page's last row went). A failure shows through the query's `error`.
 */
export function useListReload(list: GraphQLDocument<unknown, never>): () => void {
  const { operationName } = list;
  return useCallback(() => invalidateQueries(operationName), [operationName]);
}
