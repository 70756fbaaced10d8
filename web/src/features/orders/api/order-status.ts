import { deliveryByLabelAt } from '@shop/proto-contracts/web';
import { orderStatusOf } from '@shop/proto-contracts/web';
import { formatDate } from '../../../lib/format';

/**
 * My Orders' reading of an order's status: its chips, timeline and delivery line. The statuses
 * themselves are the server's list (`ORDER_STATUSES` of `@shop/proto-contracts/web`).
 */
/** Statuses are compared case-insensitively: 'Shipped', 'SHIPPED' and 'shipped' are one status. */
function normalizeStatus(status: string): string {
  return status.trim().toLowerCase();
}

/** The My Orders chips, in the spec's order; the value is what `?status=` holds. */
export const STATUS_FILTERS = [
  { value: 'all', label: 'All Orders' },
  { value: 'processing', label: 'Processing' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'delivered', label: 'Delivered' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number]['value'];

/** `?status=` as written in the address; anything unknown (or missing) means all orders. */
export function parseStatusFilter(value: string | null): StatusFilter {
  const wanted = value ? normalizeStatus(value) : 'all';
  return STATUS_FILTERS.find((filter) => filter.value === wanted)?.value ?? 'all';
}

/**
 * Whether an order belongs under a chip. There is no 'Pending' chip: a pending order (an online
 * payment not yet confirmed) is, like a processing one, "not shipped yet", so the Processing chip
 * shows both. Orders with an unknown status appear only under All Orders.
 */
export function matchesStatusFilter(status: string, filter: StatusFilter): boolean {
  if (filter === 'all') return true;
  const value = normalizeStatus(status);
  if (filter === 'processing') return value === 'processing' || value === 'pending';
  return value === filter;
}

/** The empty list's text: 'No orders found', or 'No shipped orders' for a chip. */
export function emptyListText(filter: StatusFilter): string {
  if (filter === 'all') return 'No orders found';
  return `No ${filter} orders`;
}

export type StepState = 'done' | 'current' | 'upcoming';

export interface TimelineStep {
  key: 'ordered' | 'shipped' | 'delivered';
  label: string;
  state: StepState;
  /** When the step happened, if it did. */
  date: string | null;
}

interface TimelineInput {
  orderStatus: string;
  createdAt: string;
  shippedAt: string | null;
  deliveredAt: string | null;
}

/**
 * The three-step timeline (Ordered, Shipped, Delivered) with the step the order is at now marked
 * current: Ordered while it is pending or processing (a just-placed order has not shipped, so
 * Shipped is not yet), Shipped while it is on its way, and nothing once delivered (all done).
 * A step the order has passed is done. A cancelled order has no current step; the timeline is
 * drawn greyed with a 'Cancelled on …' note.
 */
export function timelineOf(order: TimelineInput): TimelineStep[] {
  const status = normalizeStatus(order.orderStatus);
  const ordered: StepState = status === 'pending' || status === 'processing' ? 'current' : 'done';
  const shipped: StepState = status === 'delivered' ? 'done' : status === 'shipped' ? 'current' : 'upcoming';
  const delivered: StepState = status === 'delivered' ? 'done' : 'upcoming';
  const reached = (state: StepState) => state !== 'upcoming';
  return [
    { key: 'ordered', label: 'Ordered', state: ordered, date: order.createdAt },
    { key: 'shipped', label: 'Shipped', state: shipped, date: reached(shipped) ? order.shippedAt : null },
    { key: 'delivered', label: 'Delivered', state: delivered, date: reached(delivered) ? order.deliveredAt : null },
  ];
}

interface DeliveryInput extends TimelineInput {
  cancelledAt: string | null;
  estimatedDelivery: string;
}

/**
 * One line on delivery: 'Delivered on Jan 9, 2025', 'Cancelled on Jan 6, 2025', or the server's
 * estimate ('Delivery by Mon, 12 Jan': the day promised at placement; it already falls back to shipping + 3 days, then
 * creation + 7 days). Null when there is nothing sensible to say (an unknown status).
 */
export function deliveryNote(order: DeliveryInput): { kind: 'delivered' | 'cancelled' | 'estimate'; text: string } | null {
  const status = orderStatusOf(order.orderStatus);
  if (status === 'delivered') {
    const date = order.deliveredAt ? formatDate(order.deliveredAt) : '';
    return { kind: 'delivered', text: date ? `Delivered on ${date}` : 'Delivered' };
  }
  if (status === 'cancelled') {
    const date = order.cancelledAt ? formatDate(order.cancelledAt) : '';
    return { kind: 'cancelled', text: date ? `Cancelled on ${date}` : 'Cancelled' };
  }
  if (!status || !order.estimatedDelivery || Number.isNaN(Date.parse(order.estimatedDelivery))) return null;
  // The day promised when the order was placed (decision 0068), said as the mails say it.
  return { kind: 'estimate', text: deliveryByLabelAt(order.estimatedDelivery) };
}
