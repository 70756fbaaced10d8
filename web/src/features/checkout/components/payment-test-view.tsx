import { useRef } from 'react';
import { LockIcon } from '../../../components/icons';
import { PageTitle } from '../../../components/page-title';
import { formatINR } from '../../../lib/format';
import { TEST_PAYMENT_AMOUNT_PAISE, useTestPayment } from '../hooks/use-test-payment';
import { TestCheckoutDialog } from './test-checkout-dialog';

/** The payment test page: Pay Now against the card payment provider. */
export function PaymentTestView() {
  const payNowRef = useRef<HTMLButtonElement>(null);
  const payment = useTestPayment(payNowRef);
  const busy = payment.phase !== 'idle';

  return (
    <div className="container payment-page">
      <PageTitle title="Payment" description="Try the shop's card payment provider with a test payment of ₹500.00." />
      <section className="payment-card" aria-labelledby="payment-title">
        <p className="payment-card__eyebrow">
          <LockIcon size={16} /> Card payment test
        </p>
        <h1 id="payment-title" className="payment-card__title">
          Payment
        </h1>
        <p className="payment-card__text">
          Try the shop&apos;s card payment provider with a test payment. In test mode a built-in provider stands in for the
          real one, so no card is charged.
        </p>
        <dl className="payment-card__amount">
          <dt>Amount</dt>
          <dd>{formatINR(TEST_PAYMENT_AMOUNT_PAISE / 100)}</dd>
        </dl>
        <button
          ref={payNowRef}
          type="button"
          className="btn btn--primary btn--lg payment-card__pay"
          onClick={() => void payment.start()}
          disabled={busy}
        >
          {payment.phase === 'creating' ? 'Please wait...' : 'Pay Now'}
        </button>
        {payment.providerUnavailable ? (
          <p className="payment-card__note" role="status">
            The real card payment provider is not available in this build, so no payment can be taken here.
          </p>
        ) : null}
      </section>
      {payment.order ? (
        <TestCheckoutDialog
          order={payment.order}
          paying={payment.phase === 'paying'}
          onPay={() => void payment.pay()}
          onCancel={payment.cancel}
        />
      ) : null}
    </div>
  );
}
