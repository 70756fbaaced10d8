import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { GiftIcon, GridIcon, MailIcon, ReturnIcon, StarIcon } from '../../../components/icons';
import { useSession } from '../../../lib/session';
import { useChosenInView } from '../../../lib/use-chosen-in-view';
import type { Role } from '../../../lib/session-user';
import { canSeeSection, sectionHref, type AdminSection } from '../api/admin-sections';
import { BoxesIcon, ChartIcon, PlusSquareIcon, ReceiptIcon, UsersIcon } from './admin-icons';

const CREATE_PRODUCT_PATH = '/admin/product/create';

/** The staff pages of their own (not sections of /admin) that the shell leads to. */
export type AdminPage = '/admin/returns' | '/admin/coupons' | '/admin/newsletter' | '/admin/gst';

type Place = { section: AdminSection } | { to: string };
type SidebarItem = { label: string; icon: ReactNode } & Place;

/** The spec's five sidebar entries; Create opens the Create Product page. */
const SIDEBAR: readonly SidebarItem[] = [
  { label: 'Dashboard', section: 'dashboard', icon: <ChartIcon /> },
  { label: 'Users', section: 'users', icon: <UsersIcon /> },
  { label: 'Orders', section: 'orders', icon: <ReceiptIcon /> },
  { label: 'Create', to: CREATE_PRODUCT_PATH, icon: <PlusSquareIcon /> },
  { label: 'Products', section: 'products', icon: <BoxesIcon /> },
  { label: 'Reviews', section: 'reviews', icon: <StarIcon /> },
  // The header's other places, so that on phones (where the header's links are hidden) one bar leads everywhere.
  { label: 'Categories', section: 'categories', icon: <GridIcon /> },
  { label: 'Returns', to: '/admin/returns', icon: <ReturnIcon /> },
  { label: 'Coupons', to: '/admin/coupons', icon: <GiftIcon /> },
  { label: 'Newsletter', to: '/admin/newsletter', icon: <MailIcon /> },
  { label: 'GST', to: '/admin/gst', icon: <ReceiptIcon /> },
];

/** The spec's admin header links. */
const HEADER_LINKS: ReadonlyArray<{ label: string } & Place> = [
  { label: 'Dashboard', section: 'dashboard' },
  { label: 'Create Product', to: CREATE_PRODUCT_PATH },
  { label: 'Orders', section: 'orders' },
  { label: 'Categories', section: 'categories' },
  { label: 'Returns', to: '/admin/returns' },
  { label: 'Coupons', to: '/admin/coupons' },
  { label: 'Newsletter', to: '/admin/newsletter' },
  { label: 'GST', to: '/admin/gst' },
];

const ROLE_NAMES: Record<Role, string> = { admin: 'Admin', emp: 'Employee', user: 'User' };

/** The staff member's role as the shell shows it (RequireStaff lets only admin and emp in; the narrower is assumed should the user vanish). */
export function useStaffRole(): Role {
  const { user } = useSession();
  return user?.role === 'admin' ? 'admin' : 'emp';
}

/**
 * The frame of every staff page: the admin header, the sidebar of sections and pages (a tab bar on
 * phones) with the open one marked, and the page itself beside it. On /admin the header's title is
 * the page's heading; on a page of its own (Returns, Coupons, Newsletter) the page has its own.
 */
export function AdminShell({ open, children }: { open: { section: AdminSection } | { page: AdminPage }; children: ReactNode }) {
  const { user } = useSession();
  const role = useStaffRole();
  const current = (item: Place) =>
    ('section' in item && 'section' in open && item.section === open.section) || ('to' in item && 'page' in open && item.to === open.page) ? ('page' as const) : undefined;

  // Phones: the sections are one row that scrolls sideways; the open one is brought into it.
  const tabs = useRef<HTMLUListElement>(null);
  const openKey = 'section' in open ? open.section : open.page;
  useChosenInView(tabs, '[aria-current="page"]', openKey, 'center');

  const title = role === 'admin' ? 'Admin Dashboard' : 'Staff Dashboard';
  return (
    <div className="container admin">
      <header className="admin-header">
        <div className="admin-header__title">
          <p className="admin-header__eyebrow">Staff area</p>
          {'section' in open ? <h1 className="admin-header__heading">{title}</h1> : <p className="admin-header__heading">{title}</p>}
          {user ? (
            <p className="admin-header__who">
              {user.name} · <span className="admin-header__role">{ROLE_NAMES[user.role]}</span>
            </p>
          ) : null}
        </div>
        <nav className="admin-header__nav" aria-label="Admin">
          <ul className="admin-header__links">
            {HEADER_LINKS.map((link) => (
              <li key={link.label}>
                <Link className="admin-header__link" to={'section' in link ? sectionHref(link.section) : link.to} aria-current={current(link)}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>

      <div className="admin-layout">
        <nav className="admin-sidebar" aria-label="Dashboard sections">
          <ul className="admin-sidebar__list" ref={tabs}>
            {SIDEBAR.filter((item) => !('section' in item) || canSeeSection(item.section, role)).map((item) => (
              <li key={item.label}>
                <Link className="admin-sidebar__link" to={'section' in item ? sectionHref(item.section) : item.to} aria-current={current(item)}>
                  <span className="admin-sidebar__icon">{item.icon}</span>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-panel">{children}</div>
      </div>
    </div>
  );
}
