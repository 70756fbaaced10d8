import { useParams } from 'react-router-dom';
import { AdminShell } from '../../../features/admin/components/admin-shell';
import { AdminOrderDetailPage } from '../../../features/admin/components/admin-order-detail';

export default function AdminOrderPage() {
  const { id = '' } = useParams();
  return (
    <AdminShell open={{ within: 'orders' }}>
      <AdminOrderDetailPage key={id} orderId={id} />
    </AdminShell>
  );
}
