import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LoadError } from '../../../components/load-error';
import { PageTitle } from '../../../components/page-title';
import { Spinner } from '../../../components/spinner';
import { useCart } from '../../../lib/cart-store';
import { cartMessages } from '@shop/proto-contracts/web';
import { getErrorMessage } from '../../../lib/api-errors';
import { formatINR } from '../../../lib/format';
import { CartEstimate } from './cart-estimate';
import { DeliveryCheck } from '../../../components/delivery-check';
import { CartLine } from './cart-line';

/**
 * The cart page: lines (one per product, size and colour) and the Cart Summary (Total Items, Total
 * Amount, Buy Now). A logged-out shopper sees the guest cart kept in this browser; Buy Now then
 * asks for login on the way to checkout (decision 0063).
 */
export function CartView() {
  const { cart, cartStatus, cartError, reloadCart, guest } = useCart();
  const navigate = useNavigate();
  // A guest cart is priced again from the public catalog each time the page opens.
  useEffect(() => {
    if (guest) reloadCart();
  }, [guest, reloadCart]);

  if (!cart) {
    if (cartStatus === 'error') {
      return (
        <div className="container cart-page">
          <PageTitle title="Your Cart" />
          <h1 className="page-heading">Your Cart</h1>
          <LoadError message={getErrorMessage(cartError, cartMessages.loadFailed)} onRetry={reloadCart} />
        </div>
      );
    }
    return (
      <div className="container cart-page">
        <PageTitle title="Your Cart" />
        <Spinner label="Loading your cart" />
      </div>
    );
  }

  if (cart.items.length === 0) {
    return (
      <div className="container cart-page cart-page--empty">
        <PageTitle title="Your Cart" />
        <h1 className="page-heading">Your Cart</h1>
        <p className="cart-page__empty">{cartMessages.emptyCart}</p>
        <Link to="/" className="btn btn--primary">
          Continue Shopping
        </Link>
      </div>
    );
  }

  return (
    <div className="container cart-page">
      <PageTitle title="Your Cart" />
      <h1 className="page-heading">Your Cart</h1>
      <div className="cart-page__layout">
        <ul className="cart-lines" aria-label="Cart items">
          {cart.items.map((item) => (
            <CartLine key={item.lineId} item={item} />
          ))}
        </ul>
        <aside className="cart-summary" aria-labelledby="cart-summary-title">
          <h2 id="cart-summary-title" className="cart-summary__title">
            Cart Summary
          </h2>
          <dl className="cart-summary__rows">
            <div>
              <dt>Total Items</dt>
              <dd>{cart.totalItems}</dd>
            </div>
            <div>
              <dt>Total Amount</dt>
              <dd>{formatAmount(cart.totalAmount)}</dd>
            </div>
          </dl>
          <CartEstimate items={cart.items} />
          <DeliveryCheck title="Delivery" />
          {cart.hasProblems ? (
            <p className="cart-summary__problem" role="note">
              Some items are unavailable or exceed the stock. Update or remove them to continue.
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn--accent btn--lg cart-summary__buy"
            disabled={cart.hasProblems}
            onClick={() => navigate('/checkout')}
          >
            Buy Now
          </button>
          {guest ? (
            <p className="cart-summary__note" role="note">
              You will be asked to log in to check out; your cart comes with you.
            </p>
          ) : null}
          <Link to="/" className="cart-summary__continue">
            Continue Shopping
          </Link>
        </aside>
      </div>
    </div>
  );
}

/** Total Amount with 2 decimals, e.g. ₹2,598.00 (formatINR always shows 2). */
function formatAmount(rupees: number): string {
  return formatINR(Math.round(rupees * 100) / 100);
}
