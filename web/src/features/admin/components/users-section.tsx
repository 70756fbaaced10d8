import { useEffect, useId, useState, type FormEvent } from 'react';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { formatCount, formatDate, initialsOf } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import type { Role } from '../../../lib/session-user';
import { ROLE_CHOICES, type AdminUser } from '../api/admin-users-documents';
import { useAdminUserActions } from '../hooks/use-admin-user-actions';
import { USERS_LOAD_FAILED, useAdminUsers, useAdminUsersParams } from '../hooks/use-admin-users';
import { AdminPager } from './admin-pager';
import { RoleMenu } from './role-menu';

const LOADING_TEXT = 'Loading users...';
const EMPTY_TEXT = 'No users found.';

/** Search by name, email or phone and keep one role; an empty search shows every account. */
function UserSearchForm({ q, role, onSearch }: { q: string; role: Role | ''; onSearch(q: string, role: Role | ''): void }) {
  const id = useId();
  const [draftQ, setDraftQ] = useState(q);
  const [draftRole, setDraftRole] = useState<Role | ''>(role);
  // The address changed (back button): the form follows it.
  useEffect(() => {
    setDraftQ(q);
    setDraftRole(role);
  }, [q, role]);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(draftQ, draftRole);
  }
  return (
    <form role="search" aria-label="User search" className="admin-user-search" onSubmit={submit}>
      <div className="field admin-user-search__q">
        <label htmlFor={`${id}-q`} className="field__label">
          Find users
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className="field__input"
          placeholder="Name, email or phone"
          maxLength={100}
          value={draftQ}
          onChange={(event) => setDraftQ(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-role`} className="field__label">
          Role
        </label>
        <select id={`${id}-role`} className="field__input" value={draftRole} onChange={(event) => setDraftRole(event.target.value as Role | '')}>
          <option value="">All roles</option>
          {ROLE_CHOICES.map((choice) => (
            <option key={choice.role} value={choice.role}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-user-search__buttons">
        <button type="submit" className="btn btn--primary btn--sm">
          Search users
        </button>
      </div>
    </form>
  );
}
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

/**
 * The Users section (admin only): accounts found by name, email or phone and role, 20 a page, each
 * with its role, an Edit Role menu (asks first) and Delete (asks first).
 */
export function UsersSection() {
  const headingId = useId();
  const { user: viewer } = useSession();
  const isAdmin = viewer?.role === 'admin';
  const params = useAdminUsersParams();
  const { state, reload } = useAdminUsers(isAdmin, params);
  const { changeRole, deleteUser, busyId } = useAdminUserActions(reload);
  // An address past the last page (e.g. after deletions) shows the last page instead.
  const lastPage = state.status === 'ready' ? state.page.totalPages : null;
  const { page, setPage } = params;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) setPage(lastPage, { replace: true });
  }, [lastPage, page, setPage]);

  let body;
  if (state.status === 'idle') body = <p className="admin-empty">Only an admin can see the users.</p>;
  else if (state.status === 'loading') body = <PageLoader message={LOADING_TEXT} />;
  else if (state.status === 'error') body = <LoadError message={USERS_LOAD_FAILED} onRetry={reload} />;
  else if (state.page.users.length === 0) body = <p className="admin-empty">{EMPTY_TEXT}</p>;
  else {
    body = (
      <ul className="admin-users__list" aria-labelledby={headingId}>
        {state.page.users.map((user) => (
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
        {state.status === 'ready' && state.page.total > 0 ? (
          <p className="admin-section__count" role="status">
            {formatCount(state.page.total)} {state.page.total === 1 ? 'account' : 'accounts'}
            {params.q || params.role ? ' found' : ''}
          </p>
        ) : null}
      </div>
      {isAdmin ? <UserSearchForm q={params.q} role={params.role} onSearch={params.search} /> : null}
      {body}
      {state.status === 'ready' && state.page.totalPages > 1 ? (
        <AdminPager label="Users pages" page={params.page} totalPages={state.page.totalPages} onChange={(next) => params.setPage(next)} />
      ) : null}
    </section>
  );
}
