import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect } from 'react';
import { TOAST_MS } from '../../../lib/toast-durations';
import { toastFailure } from '../../../lib/toast-failure';
import { ADMIN_USERS, type AdminUser } from '../api/admin-users-documents';

export const USERS_LOAD_FAILED = 'Failed to fetch users';

export type AdminUsersState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; users: AdminUser[] };

/**
 * Every account, newest first. Asked only when the viewer is an admin (spec section 6: the list
 * loads only for role admin); shown from the cache when the section is opened again, and asked again.
 */
export function useAdminUsers(isAdmin: boolean): { state: AdminUsersState; reload(): void } {
  const { data, error, loading, refetch } = useQuery(ADMIN_USERS, {
    skip: !isAdmin,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
    notifyOnNetworkStatusChange: true,
  });

  // Admin list loads tell their failure in a short toast as well (spec section 9).
  useEffect(() => {
    if (error) toastFailure(error, USERS_LOAD_FAILED, { autoClose: TOAST_MS.short, toastId: 'admin-users-load' });
  }, [error]);

  const reload = useCallback(() => {
    refetch().catch(() => undefined);
  }, [refetch]);

  let state: AdminUsersState;
  if (!isAdmin) state = { status: 'idle' };
  else if (data?.adminUsers) state = { status: 'ready', users: data.adminUsers };
  else if (loading) state = { status: 'loading' };
  else state = { status: 'error', error: error ?? new Error('No answer') };
  return { state, reload };
}
