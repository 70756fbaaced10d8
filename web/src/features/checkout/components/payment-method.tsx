import { CashIcon } from '../../../components/icons';

/** Cash on delivery is the only payment method, shown chosen. */
export function PaymentMethod() {
  return (
    <section className="card checkout-section">
      <h2 id="checkout-payment-title" className="card__title">
        <CashIcon /> Payment method
      </h2>
      <div className="choice-list" role="radiogroup" aria-labelledby="checkout-payment-title">
        <label className="choice choice--static">
          <input className="choice__input" type="radio" name="payment-method" value="cod" checked readOnly aria-describedby="checkout-cod-hint" />
          <span className="choice__text">
            <strong>Cash on Delivery</strong>
            <span id="checkout-cod-hint" className="choice__hint">
              Pay in cash when your order arrives.
            </span>
          </span>
        </label>
      </div>
    </section>
  );
}
