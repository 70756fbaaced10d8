import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { getErrorMessage } from '../../../lib/api-errors';
import { formatINR } from '../../../lib/format';
import { checkoutText } from '../api/checkout-messages';
import type { CheckoutQuoteState } from '../hooks/use-checkout-quote';
import type { CouponCodeState } from '../hooks/use-coupon-code';

interface OrderSummaryProps {
  quote: CheckoutQuoteState;
  coupon: CouponCodeState;
  placing: boolean;
  disabled: boolean;
  /** Some lines are unavailable or above the stock (the server will say which when ordering). */
  cartProblem: boolean;
  onPlace(): void;
}

function Amount({ value, negative = false }: { value: number | undefined; negative?: boolean }) {
  if (value === undefined) return <span className="skeleton-line checkout-summary__skeleton" aria-hidden="true" />;
  // A true minus sign (U+2212): read as 'minus', and as wide as the digits.
  return <>{negative ? `\u2212${formatINR(value)}` : formatINR(value)}</>;
}

/** The Apply field: a code, the server's saving once applied, or why it was refused. */
function CouponField({ coupon }: { coupon: CouponCodeState }) {
  const [code, setCode] = useState('');
  const id = useId();
  if (coupon.applied) {
    return (
      <div className="checkout-coupon">
        <p className="checkout-coupon__applied" role="status">
          <span>
            Coupon {coupon.applied.code} applied: you save {formatINR(coupon.applied.quote.couponDiscount ?? 0)}
          </span>
          <button type="button" className="link-button" onClick={coupon.remove}>
            Remove
          </button>
        </p>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void coupon.apply(code);
  };
  return (
    <form className="checkout-coupon" onSubmit={submit}>
      <label className="field__label" htmlFor={`${id}-code`}>
        Coupon code
      </label>
      <div className="checkout-coupon__row">
        <input
          id={`${id}-code`}
          className="field__input"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          maxLength={20}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={coupon.error ? true : undefined}
          aria-describedby={coupon.error ? `${id}-error` : undefined}
        />
        <button type="submit" className="btn btn--outline" disabled={coupon.checking}>
          {coupon.checking ? 'Applying...' : 'Apply'}
        </button>
      </div>
      {coupon.error ? (
        <p id={`${id}-error`} className="checkout-coupon__error" role="alert">
          {coupon.error}
        </p>
      ) : null}
    </form>
  );
}

/**
 * The server's price of the order (decision 0045: prices include GST; subtotal − first-order
 * discount − coupon + shipping, rounded to the rupee for cash, with the GST it contains shown as
 * "GST included", not added), the coupon field and the Place Order button. Amounts keep
 * their place while loading, so nothing jumps.
 */
export function OrderSummary({ quote, coupon, placing, disabled, cartProblem, onPlace }: OrderSummaryProps) {
  const q = coupon.applied?.quote ?? quote.quote;
  const failed = Boolean(quote.error) && !quote.loading;
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title" aria-busy={quote.loading}>
      <h2 id="checkout-summary-title" className="checkout-summary__title">
        Order Summary
      </h2>
      {failed ? (
        <div className="checkout-summary__error" role="alert">
          <p>{getErrorMessage(quote.error, checkoutText.quoteFailed)}</p>
          <button type="button" className="link-button" onClick={quote.retry}>
            Try again
          </button>
        </div>
      ) : (
        <dl className="checkout-summary__rows">
          <div>
            <dt>Subtotal</dt>
            <dd>
              <Amount value={q?.itemPrice} />
            </dd>
          </div>
          {q && q.discountPrice > 0 ? (
            <div className="checkout-summary__discount">
              <dt>First order discount (10%)</dt>
              <dd>
                <Amount value={q.discountPrice} negative />
              </dd>
            </div>
          ) : null}
          {q && (q.couponDiscount ?? 0) > 0 ? (
            <div className="checkout-summary__discount">
              <dt>Coupon {q.couponCode}</dt>
              <dd>
                <Amount value={q.couponDiscount} negative />
              </dd>
            </div>
          ) : null}
          <div>
            <dt>Shipping</dt>
            <dd>
              <Amount value={q?.shippingPrice} />
            </dd>
          </div>
          {q && q.roundOff !== 0 ? (
            <div>
              <dt>Round off</dt>
              <dd>{q.roundOff < 0 ? `\u2212${formatINR(-q.roundOff)}` : formatINR(q.roundOff)}</dd>
            </div>
          ) : null}
          <div className="checkout-summary__total">
            <dt>Total</dt>
            <dd>
              <Amount value={q?.totalPrice} />
            </dd>
          </div>
          <div className="checkout-summary__tax">
            <dt>GST included</dt>
            <dd>
              <Amount value={q?.taxPrice} />
            </dd>
          </div>
        </dl>
      )}
      <CouponField coupon={coupon} />
      {cartProblem ? (
        <p className="checkout-summary__problem" role="note">
          Some items are unavailable or exceed the stock. <Link to="/cart">Update them in your cart</Link>.
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn--accent btn--lg checkout-summary__place"
        disabled={disabled || placing}
        onClick={onPlace}
      >
        {placing ? 'Placing Order...' : 'Place Order'}
      </button>
      <p className="checkout-summary__note">You pay the total in cash when your order arrives.</p>
    </aside>
  );
}
