import { AdminShell } from '../../../features/admin/components/admin-shell';
import { DeliveryZonesPage } from '../../../features/delivery-admin/components/delivery-zones-page';

/** /admin/delivery (staff): delivery zones by PIN prefix (decision 0068). Inside the staff shell. */
export default function AdminDeliveryPage() {
  return (
    <AdminShell open={{ page: '/admin/delivery' }} title="Delivery zones">
      <DeliveryZonesPage />
    </AdminShell>
  );
}
