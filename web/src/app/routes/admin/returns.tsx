import { AdminReturnsView } from '../../../features/returns-admin/components/admin-returns-view';

export default function AdminReturnsPage() {
  return <AdminReturnsView />;
}
