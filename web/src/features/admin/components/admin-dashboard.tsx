import { PageTitle } from '../../../components/page-title';
import { SECTION_TITLES, type AdminSection } from '../api/admin-sections';
import { useAdminSection } from '../hooks/use-admin-section';
import { AdminShell, dashboardName, useStaffRole } from './admin-shell';
import { CategoriesSection } from './categories-section';
import { DashboardSection } from './dashboard-section';
import { OrdersSection } from './orders-section';
import { ProductsSection } from './products-section';
import { LowStockSection } from './low-stock-section';
import { ReviewsSection } from './reviews-section';
import { UsersSection } from './users-section';

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
    case 'low-stock':
      return <LowStockSection />;
    case 'reviews':
      return <ReviewsSection />;
    case 'categories':
      return <CategoriesSection />;
  }
}

/**
 * The staff area at /admin: the staff shell around the chosen section, which lives in the address
 * (`/admin?section=orders`). An emp, who may not list users, has no Users entry and starts at
 * Orders; an admin starts at Users (the spec's default).
 */
export function AdminDashboard() {
  const role = useStaffRole();
  const section = useAdminSection(role);
  return (
    <AdminShell open={{ section }}>
      <PageTitle title={`${SECTION_TITLES[section]} – ${dashboardName(role)}`} description="ShopKart staff area: users, orders, products and sales." />
      <SectionContent key={section} section={section} />
    </AdminShell>
  );
}
