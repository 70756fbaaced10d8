import { useCallback, useRef, useState } from 'react';
import { useDialogs } from '../../../components/confirm-dialog';
import { toast } from '../../../lib/toast';
import { getErrorCode, payloadMessage } from '../../../lib/api-errors';
import { formatOrderNumber } from '../../../lib/format';
import { toastFailure } from '../../../lib/toast-failure';
import { useSessionMutation } from '../../../lib/use-session-graphql';
import { CANCEL_ORDER, type OrderDetail } from '../api/order-documents';

const CANCELLED = 'Order cancelled';
const CANCEL_FAILED = 'Failed to cancel the order. Please try again.';
/** Refusals that mean the order is not as shown (e.g. shipped meanwhile): worth reloading it. */
const STALE_ORDER_CODES = new Set(['BAD_USER_INPUT', 'CONFLICT', 'NOT_FOUND']);

export interface CancelOrderViews {
  /** The order as the cancel answer has it: the page shows it in place of the one it listed. */
  onOrderChanged(order: OrderDetail): void;
  /** The server refused because the order is not as shown: the page reads it again. */
  onStale(): void;
}

export interface CancelOrderControl {
  /** Asks for confirmation, cancels, and tells the outcome in a toast; true when cancelled. */
  cancelOrder(orderId: string): Promise<boolean>;
  /** The order being cancelled right now, if any. */
  cancellingId: string | null;
}

/**
 * The shopper cancels one of their pending or processing orders (from My Orders or the detail
 * page). The page showing the order takes the answer's order (or reads it again after a refusal
 * that says it changed); another page reads the orders afresh when it is opened.
 */
export function useCancelOrder(views: CancelOrderViews): CancelOrderControl {
  const { mutate } = useSessionMutation(CANCEL_ORDER);
  const [cancellingId, setCancellingId] = useState<string | null>(null);
  const dialogs = useDialogs();
  const busy = useRef(false);
  const viewsRef = useRef(views);
  viewsRef.current = views;

  const cancelOrder = useCallback(
    async (orderId: string) => {
      if (busy.current) return false;
      const yes = await dialogs.confirm(`Cancel order ${formatOrderNumber(orderId)}?`, { confirmLabel: 'Cancel order', cancelLabel: 'Keep order', danger: true });
      if (!yes || busy.current) return false;
      busy.current = true;
      setCancellingId(orderId);
      try {
        const { cancelOrder: payload } = await mutate({ id: orderId });
        if (payload.order) viewsRef.current.onOrderChanged(payload.order);
        if (payload.success && payload.order) {
          toast.success(CANCELLED);
          return true;
        }
        toast.error(payloadMessage(payload, CANCEL_FAILED));
        return false;
      } catch (error) {
        toastFailure(error, CANCEL_FAILED);
        const code = getErrorCode(error);
        if (code && STALE_ORDER_CODES.has(code)) viewsRef.current.onStale();
        return false;
      } finally {
        busy.current = false;
        setCancellingId(null);
      }
    },
    [mutate, dialogs],
  );

  return { cancelOrder, cancellingId };
}
