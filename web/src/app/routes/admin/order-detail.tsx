import { useParams } from 'react-router-dom';
import { AdminOrderDetailPage } from '../../../features/admin/components/admin-order-detail';

export default function AdminOrderPage() {
  const { id = '' } = useParams();
  return <AdminOrderDetailPage key={id} orderId={id} />;
}
