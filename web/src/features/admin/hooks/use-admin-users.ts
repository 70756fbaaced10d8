import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TOAST_MS } from '../../../lib/toast-durations';
import { toastFailure } from '../../../lib/toast-failure';
import type { Role } from '../../../lib/session-user';
import { useListReload } from '../../../lib/use-list-reload';
import { useSessionQuery } from '../../../lib/use-session-graphql';
import { ADMIN_USER_PAGE, type AdminUserPageData } from '../api/admin-users-documents';
import { parsePageParam } from './use-admin-orders-params';

export const USERS_LOAD_FAILED = 'Failed to fetch users';
export const USERS_PER_PAGE = 20;
const ROLES: readonly Role[] = ['user', 'emp', 'admin'];

export type AdminUsersState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; page: AdminUserPageData['adminUserPage'] };

export interface AdminUsersParams {
  q: string;
  role: Role | '';
  page: number;
  /** Shows what this search finds, from its first page. */
  search(q: string, role: Role | ''): void;
  setPage(page: number, options?: { replace?: boolean }): void;
}

/** The Users search lives in the address (`?section=users&q=asha&role=emp&page=2`). */
export function useAdminUsersParams(): AdminUsersParams {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const roleParam = params.get('role') ?? '';
  const role = ROLES.find((r) => r === roleParam) ?? '';
  const page = parsePageParam(params.get('page'));

  const search = useCallback(
    (nextQ: string, nextRole: Role | '') => {
      const next = new URLSearchParams(params);
      for (const [key, value] of [['q', nextQ.trim()], ['role', nextRole]] as const) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      next.delete('page');
      setParams(next, { preventScrollReset: true, state: { keepScroll: true } });
    },
    [params, setParams],
  );
  const setPage = useCallback(
    (nextPage: number, options?: { replace?: boolean }) => {
      const next = new URLSearchParams(params);
      if (nextPage <= 1) next.delete('page');
      else next.set('page', String(nextPage));
      setParams(next, { replace: options?.replace });
    },
    [params, setParams],
  );
  return { q, role, page, search, setPage };
}

/**
 * One page (20) of the accounts a search finds, newest first. Asked only when the viewer is an
 * admin (the list loads only for role admin); shown from the cache when opened
 * again, and asked again.
 */
export function useAdminUsers(isAdmin: boolean, query: { q: string; role: Role | ''; page: number }): { state: AdminUsersState; reload(): void } {
  const { data, error, loading } = useSessionQuery(
    ADMIN_USER_PAGE,
    { q: query.q || null, role: query.role || null, page: query.page, pageSize: USERS_PER_PAGE },
    { skip: !isAdmin, remember: true },
  );

  // Admin list loads tell their failure in a short toast as well.
  useEffect(() => {
    if (error) toastFailure(error, USERS_LOAD_FAILED, { autoClose: TOAST_MS.short, toastId: 'admin-users-load' });
  }, [error]);

  const reload = useListReload(ADMIN_USER_PAGE);

  let state: AdminUsersState;
  if (!isAdmin) state = { status: 'idle' };
  else if (data?.adminUserPage) state = { status: 'ready', page: data.adminUserPage };
  else if (loading) state = { status: 'loading' };
  else state = { status: 'error', error: error ?? new Error('No answer') };
  return { state, reload };
}
