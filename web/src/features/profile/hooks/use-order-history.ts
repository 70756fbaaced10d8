import { useSessionQuery } from '../../../lib/use-session-graphql';
import type { QueryResult } from '../../../lib/use-graphql-query';
import { ORDER_HISTORY_QUERY, type OrderHistoryData } from '../api/profile-documents';

/**
 * The logged-in user's orders for the profile's Order History card (never cached across users; a
 * stale access cookie, which makes `me` null, is refreshed once by the session fetcher).
 */
export function useOrderHistory(): QueryResult<OrderHistoryData> {
  return useSessionQuery(ORDER_HISTORY_QUERY, {});
}
