import { AdminCouponsView } from '../../../features/coupons-admin/components/admin-coupons-view';

/** /admin/coupons (staff): coupon codes with their uses; admin makes and changes them. */
export default function AdminCouponsPage() {
  return <AdminCouponsView />;
}
