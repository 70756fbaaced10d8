import { useEffect } from 'react';
import { toast } from 'react-toastify/unstyled';
import { isSessionExpired } from '../../../lib/api-errors';
import { TOAST_MS } from '../../../lib/toast-durations';
import { useListReload } from '../../../lib/use-list-reload';
import { useSessionQuery } from '../../../lib/use-session-graphql';
import { ADMIN_PRODUCTS, type AdminProductsData } from '../api/admin-products-documents';

/** Products a page in the staff list (the server's default for adminProducts). */
export const ADMIN_PRODUCTS_PER_PAGE = 20;
/** Admin list loads fail with this toast, shown for 3 s. */
const LOAD_ERROR_TOAST = 'Error while loading Product';

export type AdminProductsState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  /** `refreshing`: another search or page is on its way; the previous one is still shown. */
  | { status: 'ready'; page: AdminProductsData['adminProducts']; refreshing: boolean };

/**
 * One page of the staff product list, optionally matching a search. While a new search or page
 * loads, the previous results stay on screen (dimmed), so typing does not flash a loader.
 */
export function useAdminProducts(query: string, page: number): { state: AdminProductsState; reload(): void } {
  const { data, previousData, error, loading, fetching } = useSessionQuery(
    ADMIN_PRODUCTS,
    { query: query || null, page, limit: ADMIN_PRODUCTS_PER_PAGE },
    { remember: true },
  );

  useEffect(() => {
    if (error && !isSessionExpired(error)) {
      toast.error(LOAD_ERROR_TOAST, { autoClose: TOAST_MS.short, toastId: 'admin-products-load-error' });
    }
  }, [error]);

  const reload = useListReload(ADMIN_PRODUCTS);

  let state: AdminProductsState;
  if (data?.adminProducts) state = { status: 'ready', page: data.adminProducts, refreshing: fetching };
  else if (error) state = { status: 'error', error };
  else if (loading && previousData?.adminProducts) state = { status: 'ready', page: previousData.adminProducts, refreshing: true };
  else if (loading) state = { status: 'loading' };
  else state = { status: 'error', error: new Error('No answer') };
  return { state, reload };
}
