/**
 * Paging of the staff lists (products, users, orders), one rule for REST and GraphQL: `page` from
 * 1, and the page's size as `limit` or `pageSize` (partners' tools send either), at most
 * MAX_ADMIN_PAGE_SIZE, so a caller reaches the end of any list by asking for pages up to
 * `totalPages` (decision 0078).
 */
export const MAX_ADMIN_PAGE_SIZE = 100;

/** A query with `pageSize` read as `limit` (when both are given, `limit` wins). */
export function withPageSizeAsLimit(query: unknown): unknown {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return query;
  const { pageSize, ...rest } = query as Record<string, unknown>;
  return pageSize === undefined || pageSize === null || (rest.limit !== undefined && rest.limit !== null) ? rest : { ...rest, limit: pageSize };
}
