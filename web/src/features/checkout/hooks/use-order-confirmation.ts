import { useLocation, useSearchParams } from 'react-router-dom';
import { useSession } from '../../../lib/session';
import { useSessionQuery } from '../../../lib/use-session-graphql';
import { isOrderId, ORDER_CONFIRMATION, type OrderConfirmation } from '../api/order-confirmation-documents';

export interface OrderConfirmationState {
  /** The placed order's id (router state, else `?order=`), when it is one. */
  orderId: string | null;
  /** The order as the server has it (only for its buyer, logged in). */
  order: OrderConfirmation | null;
  /** The order is being loaded; its details will follow. */
  loading: boolean;
}

/** The order the success page confirms: from checkout's router state, or the address after a reload. */
export function useOrderConfirmation(): OrderConfirmationState {
  const location = useLocation();
  const [params] = useSearchParams();
  const { status } = useSession();
  const fromState = (location.state as { orderId?: unknown } | null)?.orderId;
  const candidate = isOrderId(fromState) ? fromState : params.get('order');
  const orderId = isOrderId(candidate) ? candidate.toLowerCase() : null;

  const { data, loading } = useSessionQuery(ORDER_CONFIRMATION, { id: orderId ?? '' }, { skip: !orderId || status !== 'authenticated' });
  return {
    orderId,
    order: data?.order ?? null,
    loading: Boolean(orderId) && (status === 'checking' || loading),
  };
}
