import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback, useRef, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { getErrorCode, payloadMessage } from '../../../lib/api-errors';
import { formatOrderNumber } from '../../../lib/format';
import { toastFailure } from '../../../lib/toast-failure';
import { CANCEL_ORDER } from '../api/order-documents';

const CANCELLED = 'Order cancelled';
const CANCEL_FAILED = 'Failed to cancel the order. Please try again.';
/** Refusals that mean the order is not as shown (e.g. shipped meanwhile): worth reloading it. */
const STALE_ORDER_CODES = new Set(['BAD_USER_INPUT', 'CONFLICT', 'NOT_FOUND']);

export interface CancelOrderControl {
  /** Asks for confirmation, cancels, and tells the outcome in a toast; true when cancelled. */
  cancelOrder(orderId: string): Promise<boolean>;
  /** The order being cancelled right now, if any. */
  cancellingId: string | null;
}

/**
 * The shopper cancels one of their pending or processing orders (from My Orders or the detail
 * page). The answer updates the cached order, so every view of it shows the new status.
 */
export function useCancelOrder(): CancelOrderControl {
  const client = useApolloClient();
  const [mutate] = useMutation(CANCEL_ORDER);
  const [cancellingId, setCancellingId] = useState<string | null>(null);
  const busy = useRef(false);

  const cancelOrder = useCallback(
    async (orderId: string) => {
      if (busy.current) return false;
      if (!window.confirm(`Cancel order ${formatOrderNumber(orderId)}?`)) return false;
      busy.current = true;
      setCancellingId(orderId);
      try {
        const { data } = await mutate({ variables: { id: orderId } });
        const payload = data?.cancelOrder;
        if (payload?.success && payload.order) {
          toast.success(CANCELLED);
          return true;
        }
        toast.error(payloadMessage(payload, CANCEL_FAILED));
        return false;
      } catch (error) {
        toastFailure(error, CANCEL_FAILED);
        const code = getErrorCode(error);
        if (code && STALE_ORDER_CODES.has(code)) {
          client.refetchQueries({ include: 'active' }).catch(() => undefined);
        }
        return false;
      } finally {
        busy.current = false;
        setCancellingId(null);
      }
    },
    [client, mutate],
  );

  return { cancelOrder, cancellingId };
}
