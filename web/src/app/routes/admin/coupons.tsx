import { AdminShell } from '../../../features/admin/components/admin-shell';
import { AdminCouponsView } from '../../../features/coupons-admin/components/admin-coupons-view';

/** /admin/coupons (staff): coupon codes with their uses; admin makes and changes them. Inside the staff shell, so its sidebar leads everywhere. */
export default function AdminCouponsPage() {
  return (
    <AdminShell open={{ page: '/admin/coupons' }} title="Coupons">
      <AdminCouponsView />
    </AdminShell>
  );
}
