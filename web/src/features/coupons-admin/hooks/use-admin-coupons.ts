import { useCallback, useState } from 'react';
import { useLocalChanges } from '../../../lib/use-local-changes';
import { useSessionQuery } from '../../../lib/use-session-graphql';
import { ADMIN_COUPONS, COUPONS_PAGE_SIZE, type AdminCoupon } from '../api/admin-coupons-documents';

/** The staff coupons page's data: one page of coupons; a saved or removed coupon shows at once. */
export function useAdminCoupons() {
  const [page, setPage] = useState(1);
  const query = useSessionQuery(ADMIN_COUPONS, { page, limit: COUPONS_PAGE_SIZE });
  const [data, change] = useLocalChanges(query.data);
  const replace = useCallback(
    (coupon: AdminCoupon) =>
      change((current) => {
        const known = current.adminCoupons.coupons.some((c) => c.id === coupon.id);
        const coupons = known ? current.adminCoupons.coupons.map((c) => (c.id === coupon.id ? coupon : c)) : [coupon, ...current.adminCoupons.coupons];
        return { adminCoupons: { ...current.adminCoupons, coupons, total: current.adminCoupons.total + (known ? 0 : 1) } };
      }),
    [change],
  );
  const remove = useCallback(
    (id: string) =>
      change((current) => ({
        adminCoupons: { ...current.adminCoupons, coupons: current.adminCoupons.coupons.filter((c) => c.id !== id), total: current.adminCoupons.total - 1 },
      })),
    [change],
  );
  return { page, setPage, data, loading: query.loading, error: query.error, retry: query.refetch, replace, remove };
}
