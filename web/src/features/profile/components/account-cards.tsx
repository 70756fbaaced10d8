import { orderStatusLabel, orderStatusOf } from '@shop/proto-contracts/web';
import { Link } from 'react-router-dom';
import { CartIcon, PackageIcon, UserIcon } from '../../../components/icons';
import { useCart } from '../../../lib/cart-store';
import { cartMessages } from '@shop/proto-contracts/web';
import { formatDate, formatINR, formatOrderNumber } from '../../../lib/format';
import type { SessionUser } from '../../../lib/session-user';
import { useOrderHistory } from '../hooks/use-order-history';
import { VerifyEmailNotice } from './verify-email-notice';

/** How many orders and cart lines the side cards list; the full lists are a link away. */
const SHOWN_IN_CARD = 3;

export function UserInfoCard({ user }: { user: SessionUser }) {
  return (
    <section className="card">
      <h2 className="card__title">
        <UserIcon /> User Information
      </h2>
      <dl className="info-list">
        <div>
          <dt>Name</dt>
          <dd>{user.name}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
      </dl>
      <VerifyEmailNotice user={user} />
    </section>
  );
}

// The same pills as My Orders (styles.css, `.order-status--*`); features do not import each other.
function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`badge order-status order-status--${orderStatusOf(status) ?? 'other'}`}>
      <span className="sr-only">Status: </span>
      {orderStatusLabel(status)}
    </span>
  );
}

function OrderHistoryBody() {
  // Asked afresh on each visit: the card follows status changes made on My Orders or by staff.
  const { data, loading, refetch } = useOrderHistory();
  const orders = data?.me?.orders;

  if (!orders) {
    if (loading) {
      return (
        <div className="account-card__placeholder" role="status">
          <span className="sr-only">Loading your orders...</span>
          <span className="skeleton-line" aria-hidden="true" />
          <span className="skeleton-line skeleton-line--short" aria-hidden="true" />
        </div>
      );
    }
    return (
      <div className="account-card__placeholder">
        <p className="card__text" role="alert">
          Could not fetch your orders.
        </p>
        <button type="button" className="link-button" onClick={refetch}>
          Try again
        </button>
      </div>
    );
  }

  if (orders.length === 0) {
    return (
      <>
        <p className="card__text">You have not placed any orders yet.</p>
        <Link to="/" className="btn btn--outline btn--sm">
          Start shopping
        </Link>
      </>
    );
  }

  return (
    <>
      <p className="account-card__count">
        {orders.length} {orders.length === 1 ? 'order' : 'orders'}
      </p>
      <ul className="account-card__list" aria-label="Latest orders">
        {orders.slice(0, SHOWN_IN_CARD).map((order) => (
          <li key={order.id} className="account-order">
            <Link to={`/orders/${encodeURIComponent(order.id)}`} className="account-order__number">
              <span className="sr-only">Order </span>
              {formatOrderNumber(order.id)}
            </Link>
            <StatusBadge status={order.orderStatus} />
            <span className="account-order__date">{formatDate(order.createdAt)}</span>
            <span className="account-order__total">{formatINR(order.totalPrice)}</span>
          </li>
        ))}
      </ul>
      <Link to="/orders" className="btn btn--outline btn--sm">
        View all orders
      </Link>
    </>
  );
}

export function OrderHistoryCard() {
  return (
    <section className="card" aria-labelledby="order-history-title">
      <h2 id="order-history-title" className="card__title">
        <PackageIcon /> Order History
      </h2>
      <OrderHistoryBody />
    </section>
  );
}

function CartItemsBody() {
  const { cart, cartStatus, reloadCart } = useCart();

  if (!cart) {
    if (cartStatus === 'error') {
      return (
        <div className="account-card__placeholder">
          <p className="card__text" role="alert">
            {cartMessages.loadFailed}
          </p>
          <button type="button" className="link-button" onClick={reloadCart}>
            Try again
          </button>
        </div>
      );
    }
    return (
      <div className="account-card__placeholder" role="status">
        <span className="sr-only">Loading your cart...</span>
        <span className="skeleton-line" aria-hidden="true" />
        <span className="skeleton-line skeleton-line--short" aria-hidden="true" />
      </div>
    );
  }

  if (cart.items.length === 0) {
    return (
      <>
        <p className="card__text">{cartMessages.emptyCart}</p>
        <Link to="/" className="btn btn--outline btn--sm">
          Start shopping
        </Link>
      </>
    );
  }

  const more = cart.items.length - SHOWN_IN_CARD;
  return (
    <>
      <p className="account-card__count">
        {cart.totalItems} {cart.totalItems === 1 ? 'item' : 'items'}
      </p>
      <ul className="account-card__list" aria-label="Items in your cart">
        {cart.items.slice(0, SHOWN_IN_CARD).map((item) => (
          <li key={item.productId} className="account-cart-line">
            <Link to={`/product/${encodeURIComponent(item.productId)}`} className="account-cart-line__name">
              {item.name}
            </Link>
            <span className="account-cart-line__qty">× {item.quantity}</span>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="account-card__more">and {more} more</p> : null}
      <dl className="account-card__total">
        <dt>Total Amount</dt>
        <dd>{formatINR(Math.round(cart.totalAmount * 100) / 100)}</dd>
      </dl>
      <Link to="/cart" className="btn btn--outline btn--sm">
        Go to cart
      </Link>
    </>
  );
}

export function CartItemsCard() {
  return (
    <section className="card" aria-labelledby="cart-items-title">
      <h2 id="cart-items-title" className="card__title">
        <CartIcon /> Cart Items
      </h2>
      <CartItemsBody />
    </section>
  );
}
