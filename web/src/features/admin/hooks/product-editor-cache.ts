import type { ApolloCache } from '@apollo/client';

/**
 * After a product is created or changed, the staff product list cached by Apollo is out of date:
 * drop it so the dashboard asks again. Products themselves are updated in place (by id).
 */
export function forgetStaffProductLists(cache: ApolloCache): void {
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'adminProducts' });
  cache.gc();
}
