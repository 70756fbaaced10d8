import { useSessionMutation, useSessionQuery } from '../../../lib/use-session-graphql';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify/unstyled';
import { MAX_ORDER_NOTE_LENGTH } from '@shop/proto-contracts/web';
import { TextAreaField } from '../../../components/text-area-field';
import { toastFailure } from '../../../lib/toast-failure';
import { payloadMessage } from '../../../lib/api-errors';
import { ReturnTimeline } from '../../orders/components/return-timeline';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { InvoiceButton } from '../../../components/invoice-button';
import { PageTitle } from '../../../components/page-title';
import { getErrorMessage } from '../../../lib/api-errors';
import { formatINR } from '../../../lib/format';
import { shopDateTime } from '../api/admin-orders-dates';
import { ADD_ORDER_NOTE, ADMIN_ORDER_DETAIL, type AdminOrderDetail } from '../api/admin-orders-documents';
import { orderStatusLabel, orderStatusOf } from '@shop/proto-contracts/web';
import { moveLabel } from '../api/order-moves';
import { sectionHref } from '../api/admin-sections';
import { adminOrderNumber, useAdminOrdersActions } from '../hooks/use-admin-orders-actions';
import { PriceDetails } from '../../orders/components/price-details';
import { PackingSlip } from './packing-slip';
import { codToCollect } from './orders-section';
import { ShipmentLine } from '../../orders/components/shipment-line';

const PAYMENT_METHODS: Record<string, string> = { COD: 'Cash on delivery', ONLINE: 'Online payment' };

function When({ value }: { value: string }) {
  const { date, time } = shopDateTime(value);
  return (
    <time dateTime={value}>
      {date}, {time} IST
    </time>
  );
}

/** Each step the order went through, with when; a cancelled order ends at its cancellation. */
function StatusTimeline({ order }: { order: AdminOrderDetail }) {
  const steps: Array<{ label: string; at: string | null }> = [
    { label: 'Placed', at: order.createdAt },
    ...(order.cancelledAt
      ? [{ label: 'Cancelled', at: order.cancelledAt }]
      : [
          { label: 'Shipped', at: order.shippedAt },
          { label: 'Delivered', at: order.deliveredAt },
        ]),
  ];
  return (
    <ol className="admin-order-timeline">
      {steps.map((step) => (
        <li key={step.label} className={`admin-order-timeline__step${step.at ? ' admin-order-timeline__step--done' : ''}`}>
          <span className="admin-order-timeline__label">{step.label}</span>
          <span className="admin-order-timeline__at">{step.at ? <When value={step.at} /> : 'Not yet'}</span>
        </li>
      ))}
      {!order.deliveredAt && !order.cancelledAt ? (
        <li className="admin-order-timeline__note">
          Expected delivery by <When value={order.estimatedDelivery} />
        </li>
      ) : null}
    </ol>
  );
}

function OrderItems({ order }: { order: AdminOrderDetail }) {
  return (
    <ul className="order-items order-items--detailed">
      {order.orderItems.map((item, index) => (
        <li key={`${item.productId}-${index}`} className="order-item">
          <div className="order-item__image">{item.image ? <img src={item.image} alt="" loading="lazy" /> : null}</div>
          <div className="order-item__body">
            <span className="order-item__name">{item.name}</span>
            <span className="order-item__meta">
              {item.properties.size ? <span>Size: {item.properties.size}</span> : null}
              {item.properties.color ? <span>Colour: {item.properties.color}</span> : null}
              <span>Qty: {item.quantity}</span>
            </span>
          </div>
          <div className="order-item__price">
            <strong>{formatINR(item.price * item.quantity)}</strong>
            <span className="order-item__each">{formatINR(item.price)} each</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Staff-only notes: read and added by admin and emp, never shown to the buyer. */
function StaffNotes({ order, onAdded }: { order: AdminOrderDetail; onAdded(): void }) {
  const [text, setText] = useState('');
  const { mutate: add, loading } = useSessionMutation(ADD_ORDER_NOTE);
  const notes = order.staffNotes ?? [];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return toast.error('Please write the note');
    try {
      const data = await add({ id: order.id, text });
      if (!data?.addOrderNote.success) return toast.error(payloadMessage(data?.addOrderNote, 'Failed to add the note'));
      toast.success('Note added');
      setText('');
      onAdded();
    } catch (error) {
      toastFailure(error, 'Failed to add the note');
    }
  }

  return (
    <section className="card" aria-labelledby="admin-order-notes">
      <h2 id="admin-order-notes" className="card__title">
        Staff notes
      </h2>
      {notes.length ? (
        <ul className="admin-order-notes">
          {notes.map((note) => (
            <li key={note.id}>
              <span className="admin-order-notes__meta">
                {note.authorName || 'Staff'} · <When value={note.createdAt} />
              </span>
              {note.text}
            </li>
          ))}
        </ul>
      ) : (
        <p className="admin-order-notes__empty">No notes yet.</p>
      )}
      <form className="admin-order-notes__form" onSubmit={(event) => void submit(event)}>
        <TextAreaField label="New note" value={text} onValueChange={setText} maxLength={MAX_ORDER_NOTE_LENGTH} rows={3} hint="Only staff see notes" />
        <button type="submit" className="btn btn--outline btn--sm" disabled={loading}>
          {loading ? 'Adding...' : 'Add note'}
        </button>
      </form>
    </section>
  );
}

function OrderContent({ order, onChanged }: { order: AdminOrderDetail; onChanged(): void }) {
  const { changeStatus, collectCod, busyId, dialog } = useAdminOrdersActions(onChanged);
  const number = adminOrderNumber(order.id);
  const known = orderStatusOf(order.orderStatus);
  const { shippingInfo: ship, paymentInfo: payment } = order;

  return (
    <div className="order-detail admin-order">
      <PageTitle title={`Order ${number} – Staff area`} />
      <nav className="breadcrumbs admin-order__screen" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to={sectionHref('orders')}>Orders</Link>
          </li>
          <li aria-current="page">Order {number}</li>
        </ol>
      </nav>
      <header className="order-detail__head admin-order__screen">
        <div>
          <h1 className="order-detail__title">Order {number}</h1>
          <p className="order-detail__date">
            Placed <When value={order.createdAt} />
          </p>
        </div>
        <div className="order-detail__status">
          <span className={`badge order-status order-status--${known ?? 'other'}`}>{orderStatusLabel(order.orderStatus)}</span>
          {order.nextStatuses.map((to) => (
            <button
              key={to}
              type="button"
              className={`btn btn--sm ${to === 'cancelled' ? 'admin-ops-btn--danger' : 'btn--primary'}`}
              disabled={busyId !== null}
              onClick={() => void changeStatus(order.id, to)}
            >
              {moveLabel(to)}
            </button>
          ))}
          {codToCollect(order) ? (
            <button type="button" className="btn btn--sm btn--outline" disabled={busyId !== null} onClick={() => void collectCod(order.id, order.totalPrice)}>
              Cash collected
            </button>
          ) : null}
          <button type="button" className="btn btn--outline btn--sm" onClick={() => window.print()}>
            Print packing slip
          </button>
          {order.invoiceUrl ? <InvoiceButton orderId={order.id} url={order.invoiceUrl} /> : null}
        </div>
      </header>
      <div className="order-detail__layout admin-order__screen">
        <div className="order-detail__main">
          <section className="card" aria-labelledby="admin-order-ship">
            <h2 id="admin-order-ship" className="card__title">
              Deliver to
            </h2>
            <address className="order-address">
              <strong>{order.buyerName || 'Customer'}</strong>
              <span>{ship.address}</span>
              <span>
                {ship.city}, {ship.state} – {ship.pinCode}
              </span>
              <span>{ship.country}</span>
              <span>
                Phone: <a href={`tel:+91${ship.phoneNo}`}>{ship.phoneNo}</a>
              </span>
            </address>
          </section>
          <section className="card" aria-labelledby="admin-order-items">
            <h2 id="admin-order-items" className="card__title">
              Items
            </h2>
            <OrderItems order={order} />
            <ReturnTimeline returns={order.returns} />
          </section>
          <StaffNotes order={order} onAdded={onChanged} />
        </div>
        <div className="order-detail__side">
          <section className="card" aria-labelledby="admin-order-status">
            <h2 id="admin-order-status" className="card__title">
              Status
            </h2>
            <StatusTimeline order={order} />
            {order.shipment ? <ShipmentLine shipment={order.shipment} /> : null}
          </section>
          <section className="card" aria-labelledby="admin-order-payment">
            <h2 id="admin-order-payment" className="card__title">
              Payment
            </h2>
            <dl className="info-list">
              <div>
                <dt>Method</dt>
                <dd>{PAYMENT_METHODS[payment.method.toUpperCase()] ?? payment.method}</dd>
              </div>
              <div>
                <dt>Status</dt>
                <dd>{payment.status}</dd>
              </div>
              {order.paidAt ? (
                <div>
                  <dt>Paid</dt>
                  <dd>
                    <When value={order.paidAt} />
                  </dd>
                </div>
              ) : null}
            </dl>
          </section>
          <PriceDetails order={order} titleId="admin-order-prices" />
        </div>
      </div>
      <PackingSlip order={order} />
      {dialog}
    </div>
  );
}

/** Staff: one order with everything dispatch needs, its status moves and a printable packing slip. */
export function AdminOrderDetailPage({ orderId }: { orderId: string }) {
  const { data, error, loading, refetch: reload } = useSessionQuery(ADMIN_ORDER_DETAIL, { id: orderId }, { remember: true });

  if (data?.order) return <OrderContent order={data.order} onChanged={reload} />;
  if (loading) return <PageLoader message="Loading order..." />;
  if (error && !/invalid order id/i.test(getErrorMessage(error, ''))) {
    return (
      <div className="order-detail">
        <LoadError message="Could not fetch the order." detail={getErrorMessage(error, 'Failed to fetch order')} onRetry={reload} />
      </div>
    );
  }
  return (
    <div className="order-detail">
      <PageTitle title="Order not found – Staff area" />
      <h1 className="order-detail__title">Order not found</h1>
      <p>
        There is no order with this number. <Link to={sectionHref('orders')}>Back to Orders</Link>
      </p>
    </div>
  );
}
