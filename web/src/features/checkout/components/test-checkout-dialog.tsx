import { useEffect, useRef, type SyntheticEvent } from 'react';
import { LockIcon } from '../../../components/icons';
import { formatINR } from '../../../lib/format';
import type { PaymentOrder } from '../api/payment-documents';

interface TestCheckoutDialogProps {
  order: PaymentOrder;
  paying: boolean;
  onPay(): void;
  onCancel(): void;
}

/**
 * The built-in test provider's checkout, in a modal <dialog> (focus kept inside, Escape cancels):
 * the amount and provider order, Pay (a successful payment) and Cancel (a failed one).
 */
export function TestCheckoutDialog({ order, paying, onPay, onCancel }: TestCheckoutDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLButtonElement>('[data-autofocus]')?.focus();
    }
    return () => dialog?.close();
  }, []);

  // Escape: cancel the payment, unless it is already being made.
  function handleCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    if (!paying) onCancel();
  }

  return (
    <dialog
      ref={ref}
      className="pay-dialog"
      aria-labelledby="pay-dialog-title"
      aria-describedby="pay-dialog-text"
      onCancel={handleCancel}
      onClose={() => {
        // Closed by the browser rather than by a result (e.g. a repeated Escape): a cancelled payment.
        if (ref.current && !paying) onCancel();
      }}
    >
      <div className="pay-dialog__head">
        <span className="pay-dialog__brand">
          <LockIcon size={16} /> ShopKart Pay
        </span>
        <span className="badge badge--info">Test mode</span>
      </div>
      <h2 id="pay-dialog-title" className="pay-dialog__title">
        Test payment
      </h2>
      <p className="pay-dialog__amount">{formatINR(order.amount / 100)}</p>
      <dl className="pay-dialog__facts">
        <div>
          <dt>Order ID</dt>
          <dd>{order.orderId}</dd>
        </div>
        <div>
          <dt>Currency</dt>
          <dd>{order.currency}</dd>
        </div>
      </dl>
      <p id="pay-dialog-text" className="pay-dialog__text">
        This is the shop&apos;s built-in test provider: no card is charged and no money moves. Pay makes a successful
        payment; Cancel makes it fail.
      </p>
      <div className="pay-dialog__actions">
        <button type="button" className="btn btn--outline" onClick={onCancel} disabled={paying}>
          Cancel
        </button>
        <button type="button" className="btn btn--primary" onClick={onPay} disabled={paying} data-autofocus>
          {paying ? 'Paying...' : 'Pay'}
        </button>
      </div>
    </dialog>
  );
}
