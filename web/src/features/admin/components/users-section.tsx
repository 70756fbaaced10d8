import { useId } from 'react';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { formatCount, formatDate, initialsOf } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import type { AdminUser } from '../api/admin-users-documents';
import { useAdminUserActions } from '../hooks/use-admin-user-actions';
import { USERS_LOAD_FAILED, useAdminUsers } from '../hooks/use-admin-users';
import { RoleMenu } from './role-menu';

const LOADING_TEXT = 'Loading users...';
const EMPTY_TEXT = 'No users found.';
const OWN_ACCOUNT_NOTE = 'Your own role and account cannot be changed here.';

interface UserRowProps {
  user: AdminUser;
  isSelf: boolean;
  busyId: string | null;
  onRole: ReturnType<typeof useAdminUserActions>['changeRole'];
  onDelete: ReturnType<typeof useAdminUserActions>['deleteUser'];
}

function UserRow({ user, isSelf, busyId, onRole, onDelete }: UserRowProps) {
  const busy = busyId === user.id;
  return (
    <li className="admin-user" aria-busy={busy || undefined}>
      <span className="avatar admin-user__avatar" aria-hidden="true">
        {user.avatar ? <img src={user.avatar} alt="" width={44} height={44} /> : initialsOf(user.name)}
      </span>
      <div className="admin-user__info">
        <p className="admin-user__name">
          {user.name}
          {isSelf ? <span className="badge badge--primary admin-user__you">You</span> : null}
        </p>
        <p className="admin-user__email">{user.email}</p>
        <p className="admin-user__meta">
          <span className={`admin-role admin-role--${user.role}`}>Role: {user.role}</span>
          <span className="admin-user__since">Joined {formatDate(user.createdAt)}</span>
        </p>
      </div>
      <div className="admin-user__actions">
        {isSelf ? (
          <p className="admin-user__note">{OWN_ACCOUNT_NOTE}</p>
        ) : (
          <>
            <RoleMenu userName={user.name} current={user.role} disabled={busyId !== null} onChoose={(role) => void onRole(user, role)} />
            <button type="button" className="btn btn--sm admin-user__delete" onClick={() => void onDelete(user)} disabled={busyId !== null}>
              Delete<span className="sr-only"> {user.name}</span>
            </button>
          </>
        )}
        {busy ? (
          <span className="sr-only" role="status">
            Saving…
          </span>
        ) : null}
      </div>
    </li>
  );
}

/** The Users section (admin only): every account with its role, an Edit Role menu and Delete. */
export function UsersSection() {
  const headingId = useId();
  const { user: viewer } = useSession();
  const isAdmin = viewer?.role === 'admin';
  const { state, reload } = useAdminUsers(isAdmin);
  const { changeRole, deleteUser, busyId } = useAdminUserActions(reload);

  let body;
  if (state.status === 'idle') body = <p className="admin-empty">Only an admin can see the users.</p>;
  else if (state.status === 'loading') body = <PageLoader message={LOADING_TEXT} />;
  else if (state.status === 'error') body = <LoadError message={USERS_LOAD_FAILED} onRetry={reload} />;
  else if (state.users.length === 0) body = <p className="admin-empty">{EMPTY_TEXT}</p>;
  else {
    body = (
      <ul className="admin-users__list" aria-labelledby={headingId}>
        {state.users.map((user) => (
          <UserRow key={user.id} user={user} isSelf={user.id === viewer?.id} busyId={busyId} onRole={changeRole} onDelete={deleteUser} />
        ))}
      </ul>
    );
  }

  return (
    <section className="admin-section admin-users" aria-labelledby={headingId}>
      <div className="admin-section__head">
        <div>
          <h2 id={headingId} className="admin-section__title">
            Users
          </h2>
          <p className="admin-section__note">Admins manage everything; employees (emp) manage products and orders.</p>
        </div>
        {state.status === 'ready' && state.users.length > 0 ? (
          <p className="admin-section__count">
            {formatCount(state.users.length)} {state.users.length === 1 ? 'account' : 'accounts'}
          </p>
        ) : null}
      </div>
      {body}
    </section>
  );
}
