import { useRef } from 'react';
import { CashIcon, MapPinIcon, PackageIcon, TruckIcon } from '../../../components/icons';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { PageTitle } from '../../../components/page-title';
import { formatDate, formatOrderNumber } from '../../../lib/format';
import type { OrderDetail } from '../api/order-documents';
import { useCancelOrder, type CancelOrderControl } from '../hooks/use-cancel-order';
import { useOrderDetail } from '../hooks/use-order-detail';
import { CancelOrderButton } from './cancel-order-button';
import { InvoiceButton } from '../../../components/invoice-button';
import { OrderItemList } from './order-item-list';
import { OrderNotFound } from './order-not-found';
import { OrderStatusBadge } from './order-status-badge';
import { OrderTimeline } from './order-timeline';
import { PriceDetails } from './price-details';
import { ReturnRequestForm } from './return-request-form';
import { ReturnTimeline } from './return-timeline';
import { ShipmentLine } from './shipment-line';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { OrderMailNotice } from '../../../components/order-mail-notice';

const LOADING_TEXT = 'Loading order...';
const LOAD_ERROR = 'Could not fetch order details.';

const PAYMENT_METHODS: Record<string, string> = {
  COD: 'Cash on delivery',
  ONLINE: 'Online payment',
};

function ShippingDetails({ shipping }: { shipping: OrderDetail['shippingInfo'] }) {
  return (
    <section className="card" aria-labelledby="order-shipping-title">
      <h2 id="order-shipping-title" className="card__title">
        <MapPinIcon /> Shipping address
      </h2>
      <address className="order-address">
        <span>{shipping.address}</span>
        <span>
          {shipping.city}, {shipping.state} – {shipping.pinCode}
        </span>
        <span>{shipping.country}</span>
        <span>Phone: {shipping.phoneNo}</span>
      </address>
    </section>
  );
}

function PaymentDetails({ order }: { order: OrderDetail }) {
  const { method, status } = order.paymentInfo;
  return (
    <section className="card" aria-labelledby="order-payment-title">
      <h2 id="order-payment-title" className="card__title">
        <CashIcon /> Payment
      </h2>
      <dl className="info-list">
        <div>
          <dt>Method</dt>
          <dd>{PAYMENT_METHODS[method.toUpperCase()] ?? method}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{status}</dd>
        </div>
        {order.paidAt ? (
          <div>
            <dt>Paid on</dt>
            <dd>{formatDate(order.paidAt)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

function OrderDetailContent({ order, cancel: { cancelOrder, cancellingId }, reload }: { order: OrderDetail; cancel: CancelOrderControl; reload(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const number = formatOrderNumber(order.id);
  const units = order.orderItems.reduce((sum, item) => sum + item.quantity, 0);

  async function cancel() {
    // The button goes away with the status change; the focus goes back to the page's heading.
    if (await cancelOrder(order.id)) heading.current?.focus();
  }

  return (
    <div className="container order-detail">
      <PageTitle title={`Order ${number}`} />
      <Breadcrumbs trail={[{ label: 'My Orders', to: '/orders' }, { label: <>Order {number}</> }]} />
      <header className="order-detail__head">
        <div>
          <h1 ref={heading} tabIndex={-1} className="order-detail__title">
            Order {number}
          </h1>
          <p className="order-detail__date">
            Placed on <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
          </p>
          <OrderMailNotice buyerId={order.userId} />
        </div>
        <div className="order-detail__status">
          <OrderStatusBadge status={order.orderStatus} />
          {order.canCancel ? (
            <CancelOrderButton orderNumber={number} cancelling={cancellingId === order.id} onCancel={() => void cancel()} />
          ) : null}
          {order.invoiceUrl ? <InvoiceButton orderId={order.id} url={order.invoiceUrl} /> : null}
        </div>
      </header>
      <div className="order-detail__layout">
        <div className="order-detail__main">
          <section className="card" aria-labelledby="order-progress-title">
            <h2 id="order-progress-title" className="card__title">
              <TruckIcon /> Delivery
            </h2>
            <OrderTimeline order={order} />
            {order.shipment ? <ShipmentLine shipment={order.shipment} /> : null}
          </section>
          <section className="card" aria-labelledby="order-items-title">
            <h2 id="order-items-title" className="card__title">
              <PackageIcon /> Items ({units})
            </h2>
            <OrderItemList items={order.orderItems} detailed />
            <ReturnRequestForm order={order} onRequested={reload} />
            <ReturnTimeline returns={order.returns} />
          </section>
        </div>
        <div className="order-detail__side">
          <PriceDetails order={order} titleId="order-prices-title" />
          <ShippingDetails shipping={order.shippingInfo} />
          <PaymentDetails order={order} />
        </div>
      </div>
    </div>
  );
}

/** One order of the shopper: status and timeline, items, prices, shipping and payment. */
export function OrderDetailView({ orderId }: { orderId: string }) {
  const { state, retry, applyOrder } = useOrderDetail(orderId);
  const cancel = useCancelOrder({ onOrderChanged: applyOrder, onStale: retry });

  if (state.status === 'ready') return <OrderDetailContent order={state.order} cancel={cancel} reload={retry} />;
  if (state.status === 'not-found') return <OrderNotFound />;
  return (
    <div className="container order-detail">
      <PageTitle title="Order details" />
      {state.status === 'loading' ? (
        <PageLoader message={LOADING_TEXT} />
      ) : (
        <>
          <h1 className="page-heading">Order details</h1>
          <LoadError message={LOAD_ERROR} onRetry={retry} />
        </>
      )}
    </div>
  );
}
