import { formatDate, initialsOf } from '../../../lib/format';
import type { SessionUser } from '../../../lib/session-user';

const ROLE_LABELS = { user: 'Customer', emp: 'Employee', admin: 'Administrator' } as const;

/** The profile banner: picture (or initials) with the user's name. */
export function ProfileHeader({ user }: { user: SessionUser }) {
  const memberSince = formatDate(user.createdAt);
  return (
    <header className="profile-header">
      <div className="profile-header__avatar avatar avatar--xl">
        {user.avatar ? <img src={user.avatar} alt={`Profile picture of ${user.name}`} /> : <span aria-hidden="true">{initialsOf(user.name)}</span>}
      </div>
      <div className="profile-header__text">
        <p className="profile-header__eyebrow">My Profile</p>
        <h1 className="profile-header__name">{user.name}</h1>
        <p className="profile-header__meta">
          <span className="badge badge--light">{ROLE_LABELS[user.role] ?? user.role}</span>
          {memberSince ? <span>Member since {memberSince}</span> : null}
        </p>
      </div>
    </header>
  );
}
