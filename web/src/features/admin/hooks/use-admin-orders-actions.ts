import { useSessionMutation } from '../../../lib/use-session-graphql';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { toast } from 'react-toastify/unstyled';
import { useDialogs } from '../../../components/confirm-dialog';
import { getErrorCode, payloadMessage } from '../../../lib/api-errors';
import { invalidateQueries } from '../../../lib/query-cache';
import { formatINR, formatOrderNumber } from '../../../lib/format';
import { toastFailure } from '../../../lib/toast-failure';
import { COLLECT_COD, DELETE_ORDER, SET_ORDER_ARCHIVED, SET_ORDER_STATUS } from '../api/admin-orders-documents';
import { orderStatusLabel, type OrderStatus } from '@shop/proto-contracts/web';
import { useShipDialog } from '../components/ship-order-dialog';

const STATUS_FAILED = 'Failed to Update Order status';
const DELETE_FAILED = 'Failed to Delete Order';
const DELETED = 'Order deleted';
const COLLECT_FAILED = 'Failed to record the cash collected';
const ARCHIVE_FAILED = 'Failed to archive the order';
/** Refusals that mean the order is not as shown (moved on, or gone): worth reading the list again. */
const STALE_ORDER_CODES = new Set(['BAD_USER_INPUT', 'CONFLICT', 'NOT_FOUND']);

/** An order's number in the staff screens: the same one the shopper reads. */
export const adminOrderNumber = (orderId: string) => formatOrderNumber(orderId);

export interface AdminOrderActions {
  /** Asks first (shipping: for the courier and tracking number); true when the order now has the new status. */
  changeStatus(orderId: string, to: OrderStatus): Promise<boolean>;
  /** Asks first; true when the cash of a cash-on-delivery order is recorded as collected. */
  collectCod(orderId: string, amount: number): Promise<boolean>;
  /** The shipping dialog, to be rendered by the screen using these actions. */
  dialog: ReactNode;
  /** Asks first; true when the order was deleted. */
  deleteOrder(orderId: string): Promise<boolean>;
  /** Admin: asks first; true when the order is now archived (or, with false, unarchived). */
  archiveOrder(orderId: string, archived: boolean): Promise<boolean>;
  /** The order being changed or deleted right now, if any. */
  busyId: string | null;
}

/**
 * Staff change an order's status and (admin only) delete orders, each outcome told in a toast.
 * `onChanged` runs after every change (to re-read the page and the day's sum).
 */
export function useAdminOrdersActions(onChanged: (change: 'status' | 'deleted', orderId: string) => void): AdminOrderActions {
  const { mutate: setStatus } = useSessionMutation(SET_ORDER_STATUS);
  const { mutate: setArchived } = useSessionMutation(SET_ORDER_ARCHIVED);
  const { mutate: remove } = useSessionMutation(DELETE_ORDER);
  const { mutate: collect } = useSessionMutation(COLLECT_COD);
  const { ask: askShipment, dialog: shipDialog } = useShipDialog();
  const [busyId, setBusyId] = useState<string | null>(null);
  const busy = useRef(false);
  const dialogs = useDialogs();

  const rereadIfStale = useCallback(
    (error: unknown) => {
      const code = getErrorCode(error);
      if (code && STALE_ORDER_CODES.has(code)) invalidateQueries();
    },
    [],
  );

  const run = useCallback(async (orderId: string, action: () => Promise<boolean>) => {
    if (busy.current) return false;
    busy.current = true;
    setBusyId(orderId);
    try {
      return await action();
    } finally {
      busy.current = false;
      setBusyId(null);
    }
  }, []);

  const changeStatus = useCallback(
    async (orderId: string, to: OrderStatus) => {
      if (busy.current) return false;
      const number = adminOrderNumber(orderId);
      // Every move is asked first: shipping asks how the parcel travels, the others to confirm.
      let shipment: { courier: string; trackingNumber: string } | null = null;
      if (to === 'shipped') {
        shipment = await askShipment(number);
        if (!shipment) return false;
      } else if (to === 'cancelled') {
        if (!(await dialogs.confirm(`Cancel order ${number}? This cannot be undone.`, { confirmLabel: 'Cancel order', cancelLabel: 'Keep order', danger: true }))) return false;
      } else {
        const label = orderStatusLabel(to);
        if (!(await dialogs.confirm(`Mark order ${number} as ${label}?`, { confirmLabel: `Mark as ${label}`, cancelLabel: 'Not now' }))) return false;
      }
      return run(orderId, async () => {
        try {
          const data = await setStatus({ id: orderId, status: to, ...shipment });
          const payload = data?.setOrderStatus;
          if (payload?.success && payload.order) {
            toast.success(`Order status updated to ${orderStatusLabel(payload.order.orderStatus)}`);
            onChanged('status', orderId);
            return true;
          }
          toast.error(payloadMessage(payload, STATUS_FAILED));
          return false;
        } catch (error) {
          toastFailure(error, STATUS_FAILED);
          rereadIfStale(error);
          return false;
        }
      });
    },
    [run, setStatus, onChanged, rereadIfStale, dialogs, askShipment],
  );

  const collectCod = useCallback(
    async (orderId: string, amount: number) => {
      if (busy.current) return false;
      const number = adminOrderNumber(orderId);
      if (!(await dialogs.confirm(`Record ${formatINR(amount)} collected in cash for order ${number}?`, { confirmLabel: 'Cash collected', cancelLabel: 'Not yet' }))) {
        return false;
      }
      return run(orderId, async () => {
        try {
          const data = await collect({ id: orderId });
          if (data?.collectCod.success) {
            toast.success(`Cash on delivery collected for order ${number}`);
            onChanged('status', orderId);
            return true;
          }
          toast.error(payloadMessage(data?.collectCod, COLLECT_FAILED));
          return false;
        } catch (error) {
          toastFailure(error, COLLECT_FAILED);
          rereadIfStale(error);
          return false;
        }
      });
    },
    [run, collect, onChanged, rereadIfStale, dialogs],
  );

  const deleteOrder = useCallback(
    async (orderId: string) => {
      if (busy.current) return false;
      if (!(await dialogs.confirm(`Delete order ${adminOrderNumber(orderId)}? This cannot be undone.`, { confirmLabel: 'Delete order', danger: true }))) return false;
      return run(orderId, async () => {
        try {
          const data = await remove({ id: orderId });
          if (!data?.deleteOrder.success) {
            toast.error(payloadMessage(data?.deleteOrder, DELETE_FAILED));
            return false;
          }
          toast.success(DELETED);
          // The page is read again, as the next page's first order moves up.
          onChanged('deleted', orderId);
          return true;
        } catch (error) {
          toastFailure(error, DELETE_FAILED);
          rereadIfStale(error);
          return false;
        }
      });
    },
    [run, remove, onChanged, rereadIfStale, dialogs],
  );

  // A shipped or invoiced order stays in the books (decision 0103): archiving hides it from the list.
  const archiveOrder = useCallback(
    async (orderId: string, archived: boolean) => {
      if (busy.current) return false;
      const number = adminOrderNumber(orderId);
      const question = archived
        ? `Archive order ${number}? It leaves this list and stays in the buyer's account, its invoice and the GST books.`
        : `Unarchive order ${number}? It shows in this list again.`;
      if (!(await dialogs.confirm(question, { confirmLabel: archived ? 'Archive order' : 'Unarchive order', cancelLabel: 'Not now' }))) return false;
      return run(orderId, async () => {
        try {
          const data = await setArchived({ id: orderId, archived });
          const payload = data?.setOrderArchived;
          if (!payload?.success) {
            toast.error(payloadMessage(payload, ARCHIVE_FAILED));
            return false;
          }
          toast.success(payload.message);
          // The list is read again: an archived order leaves the default list.
          onChanged('deleted', orderId);
          return true;
        } catch (error) {
          toastFailure(error, ARCHIVE_FAILED);
          rereadIfStale(error);
          return false;
        }
      });
    },
    [run, setArchived, onChanged, rereadIfStale, dialogs],
  );

  return { changeStatus, collectCod, deleteOrder, archiveOrder, busyId, dialog: shipDialog };
}
