import { AdminShell } from '../../../features/admin/components/admin-shell';
import { AdminReturnsView } from '../../../features/returns-admin/components/admin-returns-view';

/** /admin/returns (staff): returns asked by shoppers, moved through their steps. Inside the staff shell, so its sidebar leads everywhere. */
export default function AdminReturnsPage() {
  return (
    <AdminShell open={{ page: '/admin/returns' }} title="Returns">
      <AdminReturnsView />
    </AdminShell>
  );
}
