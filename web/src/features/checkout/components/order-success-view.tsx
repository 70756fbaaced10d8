import { deliveryByLabelAt } from '@shop/proto-contracts/web';
import { Link } from 'react-router-dom';
import { PageTitle } from '../../../components/page-title';
import { formatINR, formatOrderNumber } from '../../../lib/format';
import { useOrderConfirmation } from '../hooks/use-order-confirmation';
import { OrderResult } from './order-result';
import { OrderMailNotice } from '../../../components/order-mail-notice';
import { OrderItemList } from '../../orders/components/order-item-list';

const METHOD_LABELS: Record<string, string> = { COD: 'Cash on delivery', ONLINE: 'Paid online' };

/**
 * The order just placed: its real number (a link to its page) and, for its logged-in buyer, total,
 * delivery estimate, payment, the items ordered and the address they go to.
 */
export function OrderSuccessView() {
  const { orderId, order, loading } = useOrderConfirmation();
  const showDetails = loading || order !== null;

  // Opened without an order (a bookmark, a typed address): nothing was placed, so say nothing was.
  if (!orderId) {
    return (
      <div className="container order-result-page">
        <PageTitle title="No order to show" />
        <OrderResult
          tone="neutral"
          title="No order to show"
          actions={
            <>
              <Link to="/orders" className="btn btn--primary">
                My Orders
              </Link>
              <Link to="/" className="btn btn--outline">
                Continue Shopping
              </Link>
            </>
          }
        >
          <p className="order-result__text">This page confirms an order right after it is placed. Your orders, with their status, are in My Orders.</p>
        </OrderResult>
      </div>
    );
  }

  return (
    <div className="container order-result-page">
      <PageTitle title="Order Placed" />
      <OrderResult
        tone="success"
        title="Order Placed Successfully!"
        actions={
          <>
            <Link to={`/orders/${encodeURIComponent(orderId)}`} className="btn btn--primary">
              View Order
            </Link>
            <Link to="/orders" className="btn btn--outline">
              Track Your Orders
            </Link>
            <Link to="/" className="btn btn--outline">
              Continue Shopping
            </Link>
          </>
        }
      >
        <p className="order-result__text">Thank you for shopping with ShopKart. We will let you know when your order ships.</p>
        <OrderMailNotice />
        <p className="order-result__number">
          Order number{' '}
          <strong>
            <Link to={`/orders/${encodeURIComponent(orderId)}`}>
              {formatOrderNumber(orderId)}
            </Link>
          </strong>
        </p>
        {showDetails ? (
          <dl className="order-result__details" aria-busy={loading}>
            <div>
              <dt>Total</dt>
              <dd>{order ? formatINR(order.totalPrice) : <span className="skeleton-line order-result__skeleton" aria-hidden="true" />}</dd>
            </div>
            <div>
              <dt>Estimated delivery</dt>
              <dd>{order ? deliveryByLabelAt(order.estimatedDelivery) : <span className="skeleton-line order-result__skeleton" aria-hidden="true" />}</dd>
            </div>
            <div>
              <dt>Payment</dt>
              <dd>
                {order ? (
                  (METHOD_LABELS[order.paymentInfo.method] ?? order.paymentInfo.method)
                ) : (
                  <span className="skeleton-line order-result__skeleton" aria-hidden="true" />
                )}
              </dd>
            </div>
          </dl>
        ) : null}
        {order ? (
          <div className="order-result__summary">
            <section aria-labelledby="order-success-items">
              <h2 id="order-success-items" className="order-result__heading">
                Items ({order.orderItems.reduce((sum, item) => sum + item.quantity, 0)})
              </h2>
              <OrderItemList items={order.orderItems} />
            </section>
            <section aria-labelledby="order-success-address">
              <h2 id="order-success-address" className="order-result__heading">
                Delivering to
              </h2>
              <address className="order-address">
                <span>{order.shippingInfo.address}</span>
                <span>
                  {order.shippingInfo.city}, {order.shippingInfo.state} – {order.shippingInfo.pinCode}
                </span>
                <span>{order.shippingInfo.country}</span>
                <span>Phone: {order.shippingInfo.phoneNo}</span>
              </address>
            </section>
          </div>
        ) : null}
      </OrderResult>
    </div>
  );
}
