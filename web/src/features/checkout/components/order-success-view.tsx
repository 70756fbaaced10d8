import { Link } from 'react-router-dom';
import { PageTitle } from '../../../components/page-title';
import { formatDate, formatINR, formatOrderNumber } from '../../../lib/format';
import { useOrderConfirmation } from '../hooks/use-order-confirmation';
import { OrderResult } from './order-result';
import { OrderMailNotice } from '../../../components/order-mail-notice';

const METHOD_LABELS: Record<string, string> = { COD: 'Cash on delivery', ONLINE: 'Paid online' };

/** The order just placed: its real number and, for its logged-in buyer, total and delivery estimate. */
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
            <Link to="/orders" className="btn btn--primary">
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
        {orderId ? (
          <p className="order-result__number">
            Order number <strong>{formatOrderNumber(orderId)}</strong>
          </p>
        ) : null}
        {showDetails ? (
          <dl className="order-result__details" aria-busy={loading}>
            <div>
              <dt>Total</dt>
              <dd>{order ? formatINR(order.totalPrice) : <span className="skeleton-line order-result__skeleton" aria-hidden="true" />}</dd>
            </div>
            <div>
              <dt>Estimated delivery</dt>
              <dd>{order ? formatDate(order.estimatedDelivery) : <span className="skeleton-line order-result__skeleton" aria-hidden="true" />}</dd>
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
      </OrderResult>
    </div>
  );
}
