import { useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatINR, formatOrderNumber } from '../../../lib/format';
import type { OrderReturn, OrderSummary } from '../api/order-documents';
import { canRequestReturn } from '../api/return-rules';
import { CancelOrderButton } from './cancel-order-button';
import { InvoiceButton } from '../../../components/invoice-button';
import { OrderItemList } from './order-item-list';
import { OrderStatusBadge } from './order-status-badge';
import { OrderTimeline } from './order-timeline';
import { ReturnTimeline } from './return-timeline';

interface OrderCardProps {
  order: OrderSummary;
  /** The order's returns, oldest first. */
  returns: OrderReturn[];
  /** Resolves true when the order was cancelled and this card should keep the focus. */
  onCancel(orderId: string): Promise<boolean>;
  cancellingId: string | null;
}

/** One order in My Orders: number, date, total, status, timeline and items. */
export function OrderCard({ order, returns, onCancel, cancellingId }: OrderCardProps) {
  const headingId = useId();
  const detailsLink = useRef<HTMLAnchorElement>(null);
  const number = formatOrderNumber(order.id);

  async function cancel() {
    // The button goes away with the status change; keep the keyboard focus in this card.
    if (await onCancel(order.id)) detailsLink.current?.focus();
  }

  return (
    <article className="order-card" aria-labelledby={headingId}>
      <header className="order-card__head">
        <div className="order-card__id">
          <h2 id={headingId} className="order-card__number">
            <span className="order-card__number-label">Order </span>
            {number}
          </h2>
          <p className="order-card__date">
            Placed on <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
          </p>
        </div>
        <OrderStatusBadge status={order.orderStatus} />
        <p className="order-card__total">
          <span className="order-card__total-label">Total</span> <strong>{formatINR(order.totalPrice)}</strong>
        </p>
      </header>
      <OrderTimeline order={order} />
      <OrderItemList items={order.orderItems} />
      <ReturnTimeline returns={returns} />
      <footer className="order-card__actions">
        <Link ref={detailsLink} to={`/orders/${encodeURIComponent(order.id)}`} className="btn btn--outline btn--sm">
          View details<span className="sr-only"> of order {number}</span>
        </Link>
        {order.canCancel ? (
          <CancelOrderButton
            orderNumber={number}
            cancelling={cancellingId === order.id}
            disabled={cancellingId !== null}
            onCancel={() => void cancel()}
          />
        ) : null}
        {order.invoiceUrl ? <InvoiceButton orderId={order.id} url={order.invoiceUrl} /> : null}
        {canRequestReturn(order, returns) ? (
          <Link to={`/orders/${encodeURIComponent(order.id)}`} className="btn btn--ghost btn--sm">
            Return items<span className="sr-only"> of order {number}</span>
          </Link>
        ) : null}
      </footer>
    </article>
  );
}
