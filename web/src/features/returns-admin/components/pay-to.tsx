import { useSessionQuery } from '../../../lib/use-session-graphql';
import { RETURN_REFUND_DETAILS, type AdminReturn } from '../api/admin-returns-documents';

function describe(to: NonNullable<AdminReturn['refundTo']>): string {
  return to.method === 'UPI' ? `UPI ID ${to.upiId}` : `${to.accountName}, account ${to.accountNumber}, IFSC ${to.ifsc}`;
}

/**
 * Where a cash-on-delivery return's refund goes (decision 0054): in full while this return waits
 * for its refund (asked for this return only), masked otherwise.
 */
export function PayTo({ ret }: { ret: AdminReturn }) {
  const refunding = ret.nextStatuses.includes('refunded');
  const { data } = useSessionQuery(RETURN_REFUND_DETAILS, { id: ret.id }, { skip: !refunding || !ret.refundTo });
  if (!ret.refundTo) {
    return ret.paymentMethod === 'COD' ? <p className="admin-return__pay-to">No refund details given: ask the customer for a UPI ID or account.</p> : null;
  }
  const full = refunding ? data?.returnRefundDetails : null;
  return (
    <p className="admin-return__pay-to">
      <strong>Pay the refund to:</strong> {describe(full ?? ret.refundTo)}
      {full ? null : refunding ? ' (loading the full details…)' : ''}
    </p>
  );
}
