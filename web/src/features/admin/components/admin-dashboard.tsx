import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { GiftIcon, GridIcon, MailIcon, ReturnIcon, StarIcon } from '../../../components/icons';
import { PageTitle } from '../../../components/page-title';
import { useSession } from '../../../lib/session';
import type { Role } from '../../../lib/session-user';
import { canSeeSection, SECTION_TITLES, sectionHref, type AdminSection } from '../api/admin-sections';
import { useAdminSection } from '../hooks/use-admin-section';
import { BoxesIcon, ChartIcon, PlusSquareIcon, ReceiptIcon, UsersIcon } from './admin-icons';
import { CategoriesSection } from './categories-section';
import { DashboardSection } from './dashboard-section';
import { OrdersSection } from './orders-section';
import { ProductsSection } from './products-section';
import { ReviewsSection } from './reviews-section';
import { UsersSection } from './users-section';

const CREATE_PRODUCT_PATH = '/admin/product/create';

type SidebarItem = { label: string; icon: ReactNode } & ({ section: AdminSection } | { to: string });

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
];

/** The spec's admin header links. */
const HEADER_LINKS: ReadonlyArray<{ label: string } & ({ section: AdminSection } | { to: string })> = [
  { label: 'Dashboard', section: 'dashboard' },
  { label: 'Create Product', to: CREATE_PRODUCT_PATH },
  { label: 'Orders', section: 'orders' },
  { label: 'Categories', section: 'categories' },
  { label: 'Returns', to: '/admin/returns' },
  { label: 'Coupons', to: '/admin/coupons' },
  { label: 'Newsletter', to: '/admin/newsletter' },
];

function SectionContent({ section }: { section: AdminSection }) {
  switch (section) {
    case 'dashboard':
      return <DashboardSection />;
    case 'users':
      return <UsersSection />;
    case 'orders':
      return <OrdersSection />;
    case 'products':
      return <ProductsSection />;
    case 'reviews':
      return <ReviewsSection />;
    case 'categories':
      return <CategoriesSection />;
  }
}

const ROLE_NAMES: Record<Role, string> = { admin: 'Admin', emp: 'Employee', user: 'User' };

/**
 * The staff area at /admin: an admin header, a sidebar of sections (a tab bar on phones) and the
 * chosen section, which lives in the address (`/admin?section=orders`). An emp, who may not list
 * users, has no Users entry and starts at Orders; an admin starts at Users (the spec's default).
 */
export function AdminDashboard() {
  const { user } = useSession();
  // RequireStaff lets only admin and emp in; the narrower role is assumed should the user vanish.
  const role: Role = user?.role === 'admin' ? 'admin' : 'emp';
  const section = useAdminSection(role);
  const current = (item: { section: AdminSection } | { to: string }) =>
    'section' in item && item.section === section ? ('page' as const) : undefined;

  // Phones: the sections are one row that scrolls sideways; the open one is brought into it.
  const tabs = useRef<HTMLUListElement>(null);
  useLayoutEffect(() => {
    const list = tabs.current;
    const open = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !open || list.scrollWidth <= list.clientWidth) return;
    const row = list.getBoundingClientRect();
    const tab = open.getBoundingClientRect();
    if (tab.left < row.left || tab.right > row.right) list.scrollLeft += tab.left - row.left - (row.width - tab.width) / 2;
  }, [section]);

  return (
    <div className="container admin">
      <PageTitle title={`${SECTION_TITLES[section]} – ${role === 'admin' ? 'Admin' : 'Staff'} Dashboard`} description="ShopKart staff area: users, orders, products and sales." />
      <header className="admin-header">
        <div className="admin-header__title">
          <p className="admin-header__eyebrow">Staff area</p>
          <h1 className="admin-header__heading">{role === 'admin' ? 'Admin Dashboard' : 'Staff Dashboard'}</h1>
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
                <Link
                  className="admin-header__link"
                  to={'section' in link ? sectionHref(link.section) : link.to}
                  aria-current={current(link)}
                >
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
                <Link
                  className="admin-sidebar__link"
                  to={'section' in item ? sectionHref(item.section) : item.to}
                  aria-current={current(item)}
                >
                  <span className="admin-sidebar__icon">{item.icon}</span>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-panel">
          <SectionContent key={section} section={section} />
        </div>
      </div>
    </div>
  );
}
