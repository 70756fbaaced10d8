import { useEffect, useId, useState, type FormEvent } from 'react';
import { deliveryMessages, normalizeDeliveryPin } from '@shop/proto-contracts/web';
import { getErrorMessage } from '../lib/api-errors';
import { useDeliveryPin, useDeliveryPromise, type DeliveryPromise } from '../lib/delivery-promise';
import { TruckIcon } from './icons';

const CHECK_FAILED = 'Could not check delivery right now. Please try again.';

/** What the promise says, as one status line: the date and cash on delivery, or why not. */
export function DeliveryPromiseLine({ promise, loading, error }: { promise?: DeliveryPromise; loading: boolean; error: unknown }) {
  if (error && !loading) return <p className="delivery-check__result delivery-check__result--bad">{getErrorMessage(error, CHECK_FAILED)}</p>;
  if (!promise) return loading ? <p className="delivery-check__result">Checking delivery…</p> : null;
  const bad = !promise.serviceable || !promise.codAvailable;
  return <p className={`delivery-check__result${bad ? ' delivery-check__result--bad' : ' delivery-check__result--ok'}`}>{promise.message}</p>;
}

/**
 * A PIN code box with the delivery promise for it (decision 0068): the PIN last checked (or the
 * default address's) is filled in; another one is checked when the shopper asks, and kept for the
 * next page. The product page and the cart show it; checkout shows its chosen address's promise.
 */
export function DeliveryCheck({ title = 'Check delivery' }: { title?: string }) {
  const id = useId();
  const [pin, choosePin] = useDeliveryPin();
  const [typed, setTyped] = useState(pin ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const { data, loading, error } = useDeliveryPromise(pin);
  useEffect(() => {
    if (pin) setTyped(pin);
  }, [pin]);

  const check = (event: FormEvent) => {
    event.preventDefault();
    const next = normalizeDeliveryPin(typed);
    if (!next) {
      setProblem(typed.trim() ? deliveryMessages.pinInvalid : deliveryMessages.pinRequired);
      return;
    }
    setProblem(null);
    choosePin(next);
  };

  return (
    <form className="delivery-check" onSubmit={check} aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className="delivery-check__title">
        <TruckIcon size={20} /> {title}
      </p>
      <div className="delivery-check__row">
        <label htmlFor={id} className="sr-only">
          PIN code
        </label>
        <input
          id={id}
          className="field__input delivery-check__input"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="Enter PIN code"
          maxLength={7}
          value={typed}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="btn btn--outline btn--sm">
          Check
        </button>
      </div>
      <div role="status" aria-live="polite">
        {problem ? <p className="delivery-check__result delivery-check__result--bad">{problem}</p> : pin ? <DeliveryPromiseLine promise={data?.deliveryPromise} loading={loading} error={error} /> : null}
      </div>
    </form>
  );
}
