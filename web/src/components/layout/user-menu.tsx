import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { initialsOf } from '../../lib/format';
import type { SessionUser } from '../../lib/session-user';
import { useSession } from '../../lib/session';
import { ChevronDownIcon, GridIcon, HelpIcon, LogOutIcon, PackageIcon, UserIcon } from '../icons';

/**
 * The account menu of the header, built as a disclosure (a button that shows a list of links
 * and a Logout button): the pattern WAI-ARIA recommends for site navigation.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const { logout } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const firstName = user.name.trim().split(/\s+/)[0] || 'Account';

  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  async function handleLogout() {
    setBusy(true);
    setOpen(false);
    // Home first: leaving a guarded page after the session ends would send its guard to /login.
    navigate('/');
    const outcome = await logout();
    setBusy(false);
    if (outcome.ok) toast.success('Logged out successfully');
    else toast.error(outcome.message);
  }

  return (
    <div className="user-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="avatar avatar--sm" aria-hidden="true">
          {user.avatar ? <img src={user.avatar} alt="" /> : initialsOf(user.name)}
        </span>
        <span className="sr-only">Account menu for {firstName}</span>
        <span className="user-menu__name" aria-hidden="true">
          {firstName}
        </span>
        <ChevronDownIcon size={16} className="user-menu__chevron" />
      </button>
      <div id={panelId} className="user-menu__panel" hidden={!open}>
        <div className="user-menu__who">
          <strong>{user.name}</strong>
          <span>{user.email}</span>
        </div>
        <ul className="user-menu__list">
          <li>
            <Link to="/profile" className="user-menu__item">
              <UserIcon size={18} /> Profile
            </Link>
          </li>
          <li>
            <Link to="/orders" className="user-menu__item">
              <PackageIcon size={18} /> My Orders
            </Link>
          </li>
          {user.role === 'admin' || user.role === 'emp' ? (
            <li>
              <Link to="/admin" className="user-menu__item">
                <GridIcon size={18} /> Staff area
              </Link>
            </li>
          ) : null}
          <li>
            <Link to="/help" className="user-menu__item">
              <HelpIcon size={18} /> Help
            </Link>
          </li>
          <li>
            <button type="button" className="user-menu__item user-menu__item--danger" onClick={handleLogout} disabled={busy}>
              <LogOutIcon size={18} /> Logout
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
