import { Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { LogoMark } from '../icons';
import { PageLoader } from '../page-loader';
import { UserMenu } from './user-menu';

/**
 * Every staff page (decision 0055): a slim bar with the shop's mark, "View shop" and the account
 * menu, then the page; none of the shopper's header (search, wishlist, cart) or footer (the
 * newsletter and first-order offer), which are for shoppers, not for people running the shop.
 */
export function StaffLayout() {
  const { user } = useSession();
  return (
    <div className="app-shell staff-shell">
      <a href="#main" className="skip-link">
        Skip to main content
      </a>
      <header className="staff-bar">
        <div className="container staff-bar__inner">
          <Link to="/admin" className="brand" aria-label="Staff console home">
            <LogoMark />
            <span className="brand__name">
              Shop<span className="brand__accent">Kart</span>
            </span>
          </Link>
          <span className="staff-bar__label">Staff console</span>
          <div className="staff-bar__actions">
            <Link to="/" className="btn btn--ghost btn--sm">
              View shop
            </Link>
            {user ? <UserMenu user={user} /> : null}
          </div>
        </div>
      </header>
      <main id="main" className="site-main staff-main" tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
