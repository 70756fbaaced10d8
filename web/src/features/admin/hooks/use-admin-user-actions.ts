import { useSessionMutation } from '../../../lib/use-session-graphql';
import { useCallback, useRef, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { useDialogs } from '../../../components/confirm-dialog';
import { getErrorCode, isSessionExpired } from '../../../lib/api-errors';
import type { Role } from '../../../lib/session-user';
import { toastFailure } from '../../../lib/toast-failure';
import { DELETE_USER, SET_USER_ROLE, type AdminUser } from '../api/admin-users-documents';

const ROLE_FAILED = 'Failed to update user role';
const DELETE_FAILED = 'Failed to Delete User';
/** What a refused role change says; here for any refusal of the viewer's rights. */
export const NOT_ELIGIBLE = 'Sorry, you are not eligible to do that';
const DELETED = 'User deleted';

export const roleChangedText = (role: Role) => `Role changed to ${role}`;
export const deleteQuestion = (name: string) => `Delete ${name}? This cannot be undone.`;
const ROLE_NAMES: Record<Role, string> = { user: 'User', emp: 'Emp', admin: 'Admin' };
/** The confirmation a role change asks for, naming the account and the new role. */
export const roleQuestion = (name: string, role: Role) => `Change the role of ${name} to ${ROLE_NAMES[role]}?`;

export interface AdminUserActions {
  /** Gives the user another role; true when changed. */
  changeRole(user: AdminUser, role: Role): Promise<boolean>;
  /** Asks first; true when the account was deleted. */
  deleteUser(user: AdminUser): Promise<boolean>;
  /** The account being changed or deleted right now, if any. */
  busyId: string | null;
}

/**
 * An admin changes roles (to any of the three, after confirming) and deletes accounts. The server keeps the rules
 * (nobody changes their own role or deletes themselves, the last admin stays); its refusal is
 * shown as it says it. After a change the list is read again (the page on screen stays meanwhile).
 */
export function useAdminUserActions(reload: () => void): AdminUserActions {
  const { mutate: setRole } = useSessionMutation(SET_USER_ROLE);
  const { mutate: remove } = useSessionMutation(DELETE_USER);
  const [busyId, setBusyId] = useState<string | null>(null);
  const busy = useRef(false);
  const dialogs = useDialogs();

  const fail = useCallback(
    (error: unknown, fallback: string) => {
      if (isSessionExpired(error)) return;
      const code = getErrorCode(error);
      if (code === 'FORBIDDEN') toast.error(NOT_ELIGIBLE);
      else toastFailure(error, fallback);
      // The account is gone (deleted by another admin): the list is out of date.
      if (code === 'NOT_FOUND') reload();
    },
    [reload],
  );

  const run = useCallback(async (userId: string, action: () => Promise<boolean>) => {
    if (busy.current) return false;
    busy.current = true;
    setBusyId(userId);
    try {
      return await action();
    } finally {
      busy.current = false;
      setBusyId(null);
    }
  }, []);

  const changeRole = useCallback(
    async (user: AdminUser, role: Role) => {
      if (role === user.role || busy.current) return false;
      if (!(await dialogs.confirm(roleQuestion(user.name, role), { confirmLabel: 'Change role' }))) return false;
      return run(user.id, async () => {
        try {
          const data = await setRole({ id: user.id, role });
          if (!data?.setUserRole.success) {
            toast.error(data?.setUserRole.message || ROLE_FAILED);
            return false;
          }
          toast.success(roleChangedText(role));
          // The list shows the account's new role.
          reload();
          return true;
        } catch (error) {
          fail(error, ROLE_FAILED);
          return false;
        }
      });
    },
    [run, setRole, fail, reload, dialogs],
  );

  const deleteUser = useCallback(
    async (user: AdminUser) => {
      if (busy.current) return false;
      if (!(await dialogs.confirm(deleteQuestion(user.name), { confirmLabel: 'Delete', danger: true }))) return false;
      return run(user.id, async () => {
        try {
          const data = await remove({ id: user.id });
          if (!data?.deleteUser.success) {
            toast.error(data?.deleteUser.message || DELETE_FAILED);
            return false;
          }
          toast.success(DELETED);
          // The page's count and the next page's first account move up.
          reload();
          return true;
        } catch (error) {
          fail(error, DELETE_FAILED);
          return false;
        }
      });
    },
    [run, remove, fail, reload, dialogs],
  );

  return { changeRole, deleteUser, busyId };
}
