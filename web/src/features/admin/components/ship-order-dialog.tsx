import { useCallback, useId, useState, type ReactNode } from 'react';
import { FormDialog } from '../../../components/form-dialog';
import { COURIERS, shippingMessages, TRACKING_NUMBER_PATTERN, trackingUrlOf } from '@shop/proto-contracts/web';

export interface ShipmentInput {
  courier: string;
  trackingNumber: string;
}

interface Question {
  orderNumber: string;
  answer(shipment: ShipmentInput | null): void;
}

/**
 * Asks staff how an order travels before it is marked shipped: the courier and its tracking
 * number (decision 0054), checked by the same rule as the server, with the tracking link the
 * shopper will get. `ask` resolves null when staff close the dialog.
 */
export function useShipDialog(): { ask(orderNumber: string): Promise<ShipmentInput | null>; dialog: ReactNode } {
  const [question, setQuestion] = useState<Question | null>(null);
  const ask = useCallback(
    (orderNumber: string) =>
      new Promise<ShipmentInput | null>((resolve) => {
        setQuestion((previous) => {
          previous?.answer(null);
          return { orderNumber, answer: resolve };
        });
      }),
    [],
  );
  const close = (shipment: ShipmentInput | null) => {
    question?.answer(shipment);
    setQuestion(null);
  };
  return { ask, dialog: question ? <ShipOrderDialog key={question.orderNumber} orderNumber={question.orderNumber} onClose={close} /> : null };
}

function ShipOrderDialog({ orderNumber, onClose }: { orderNumber: string; onClose(shipment: ShipmentInput | null): void }) {
  const id = useId();
  const [courier, setCourier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [error, setError] = useState<{ field: 'courier' | 'tracking'; message: string } | null>(null);

  const number = trackingNumber.trim();
  const link = TRACKING_NUMBER_PATTERN.test(number) ? trackingUrlOf(courier, number) : null;

  function submit() {
    if (!courier) return setError({ field: 'courier', message: shippingMessages.courierRequired });
    if (!number) return setError({ field: 'tracking', message: shippingMessages.trackingNumberRequired });
    if (!TRACKING_NUMBER_PATTERN.test(number)) return setError({ field: 'tracking', message: shippingMessages.trackingNumberInvalid });
    onClose({ courier, trackingNumber: number });
  }

  const errorId = `${id}-error`;
  return (
    <FormDialog
      title={`Ship order ${orderNumber}`}
      text="The customer gets the courier and tracking number on their order page and by mail."
      focus="select"
      submitLabel="Ship order"
      submitStyle="btn--primary"
      onSubmit={submit}
      onCancel={() => onClose(null)}
    >
      <div className="field">
        <label htmlFor={`${id}-courier`} className="field__label">
          Courier
        </label>
        <select
          id={`${id}-courier`}
          className="field__input"
          value={courier}
          onChange={(event) => setCourier(event.target.value)}
          aria-invalid={error?.field === 'courier' || undefined}
          aria-describedby={error?.field === 'courier' ? errorId : undefined}
        >
          <option value="">Choose the courier</option>
          {COURIERS.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-tracking`} className="field__label">
          Tracking number
        </label>
        <input
          id={`${id}-tracking`}
          className="field__input"
          value={trackingNumber}
          onChange={(event) => setTrackingNumber(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          maxLength={30}
          aria-invalid={error?.field === 'tracking' || undefined}
          aria-describedby={error?.field === 'tracking' ? errorId : `${id}-tracking-hint`}
        />
        <span id={`${id}-tracking-hint`} className="field__hint">
          As printed on the courier&apos;s label (AWB number)
        </span>
      </div>
      {error ? (
        <p id={errorId} className="field__error" role="alert">
          {error.message}
        </p>
      ) : null}
      {link ? (
        <p className="ship-dialog__link">
          Tracking link:{' '}
          <a href={link} target="_blank" rel="noreferrer noopener">
            {link}
          </a>
        </p>
      ) : null}
    </FormDialog>
  );
}
