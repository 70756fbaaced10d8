import { useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { GiftIcon, GridIcon, MailIcon, ReturnIcon, StarIcon, TruckIcon } from '../../../components/icons';
import { PageTitle } from '../../../components/page-title';
import { useSession } from '../../../lib/session';
import { useChosenInView } from '../../../lib/use-chosen-in-view';
import type { Role } from '../../../lib/session-user';
import { canSeeSection, sectionHref, type AdminSection } from '../api/admin-sections';
import { AlertIcon, BoxesIcon, ChartIcon, PlusSquareIcon, ReceiptIcon, UsersIcon } from './admin-icons';

const CREATE_PRODUCT_PATH = '/admin/product/create';

/** The staff pages of their own (not sections of /admin) that the shell leads to. */
export type AdminPage = '/admin/returns' | '/admin/coupons' | '/admin/newsletter' | '/admin/gst' | '/admin/delivery' | '/admin/product/create';

/**
 * Where the shell is open: a section of /admin (the shell's title is the page heading), a page of
 * its own, or a page inside a section (an order of Orders, a product being edited), which carry
 * their own heading.
 */
export type ShellPlace = { section: AdminSection } | { page: AdminPage } | { within: AdminSection };

type Place = { section: AdminSection } | { to: string };
/** `adminOnly`: a place an emp has no business in (decision 0043: account-like data). */
type SidebarItem = { label: string; icon: ReactNode; adminOnly?: true } & Place;

/**
 * The one navigation of the staff console (decision 0055): the spec's five entries (Create opens
 * the Create Product page), then every other staff place; a tab bar on phones.
 */
const SIDEBAR: readonly SidebarItem[] = [
  { label: 'Dashboard', section: 'dashboard', icon: <ChartIcon /> },
  { label: 'Users', section: 'users', icon: <UsersIcon /> },
  { label: 'Orders', section: 'orders', icon: <ReceiptIcon /> },
  { label: 'Create', to: CREATE_PRODUCT_PATH, icon: <PlusSquareIcon /> },
  { label: 'Products', section: 'products', icon: <BoxesIcon /> },
  { label: 'Low stock', section: 'low-stock', icon: <AlertIcon /> },
  { label: 'Reviews', section: 'reviews', icon: <StarIcon /> },
  { label: 'Categories', section: 'categories', icon: <GridIcon /> },
  { label: 'Returns', to: '/admin/returns', icon: <ReturnIcon /> },
  { label: 'Coupons', to: '/admin/coupons', icon: <GiftIcon /> },
  { label: 'Newsletter', to: '/admin/newsletter', icon: <MailIcon />, adminOnly: true },
  { label: 'GST', to: '/admin/gst', icon: <ReceiptIcon /> },
  { label: 'Delivery', to: '/admin/delivery', icon: <TruckIcon /> },
];

const ROLE_NAMES: Record<Role, string> = { admin: 'Admin', emp: 'Employee', user: 'User' };

/** The staff member's role as the shell shows it (RequireStaff lets only admin and emp in; the narrower is assumed should the user vanish). */
export function useStaffRole(): Role {
  const { user } = useSession();
  return user?.role === 'admin' ? 'admin' : 'emp';
}

/** What the console is called for a role: an emp is never told they are in an admin's dashboard. */
export const dashboardName = (role: Role) => (role === 'admin' ? 'Admin Dashboard' : 'Staff Dashboard');

/**
 * The frame of every staff page: the console's title with who is signed in and their role, the
 * one navigation (a tab bar on phones) with the open place marked, and the page beside it. In a
 * section of /admin the title is the page's heading; a page of its own has its own heading.
 * `title` names the page in the browser tab, followed by the console's name for the role.
 */
export function AdminShell({ open, title, children }: { open: ShellPlace; title?: string; children: ReactNode }) {
  const { user } = useSession();
  const role = useStaffRole();
  const current = (item: Place) =>
    ('section' in item && 'section' in open && item.section === open.section) ||
    ('section' in item && 'within' in open && item.section === open.within) ||
    ('to' in item && 'page' in open && item.to === open.page)
      ? ('page' as const)
      : undefined;

  // Phones: the sections are one row that scrolls sideways; the open one is brought into it.
  const tabs = useRef<HTMLUListElement>(null);
  const openKey = 'section' in open ? open.section : 'within' in open ? open.within : open.page;
  useChosenInView(tabs, '[aria-current="page"]', openKey, 'center');

  const name = dashboardName(role);
  return (
    <div className="container admin">
      {title ? <PageTitle title={`${title} – ${name}`} /> : null}
      <header className="admin-header">
        <div className="admin-header__title">
          <p className="admin-header__eyebrow">Staff area</p>
          {'section' in open ? <h1 className="admin-header__heading">{name}</h1> : <p className="admin-header__heading">{name}</p>}
          {user ? (
            <p className="admin-header__who">
              {user.name} · <span className="admin-header__role">{ROLE_NAMES[user.role]}</span>
            </p>
          ) : null}
        </div>
      </header>

      <div className="admin-layout">
        <nav className="admin-sidebar" aria-label="Dashboard sections">
          <ul className="admin-sidebar__list" ref={tabs}>
            {SIDEBAR.filter((item) => (item.adminOnly ? role === 'admin' : !('section' in item) || canSeeSection(item.section, role))).map((item) => (
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
