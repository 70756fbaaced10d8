import { ComingSoon } from '../../../components/coming-soon';

export default function AdminDashboardPage() {
  return (
    <ComingSoon
      title="Admin Dashboard"
      description="Users, orders, products and sales figures for staff will be managed here soon."
    />
  );
}
