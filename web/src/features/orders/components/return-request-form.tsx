import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { TextAreaField } from '../../../components/text-area-field';
import { payloadMessage } from '../../../lib/api-errors';
import { formatDate, formatINR } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { toastFailure } from '../../../lib/toast-failure';
import { uploadImage } from '../../../lib/upload';
import { useSessionMutation, useSessionQuery } from '../../../lib/use-session-graphql';
import { REQUEST_RETURN, RETURN_QUOTE, type OrderDetail } from '../api/order-documents';
import { canRequestReturn, returnableQuantities } from '../api/return-rules';
import { EMPTY_REFUND_TO, readRefundTo, RefundToFields } from './refund-to-fields';

const REQUESTED = 'Return requested. We will let you know by mail once it is reviewed.';
const REQUEST_FAILED = 'Could not request the return. Please try again.';
const CHOOSE_ITEMS = 'Please choose at least one item to return';
const REASON_SHORT = 'Please describe the reason in at least 5 characters';

interface ReturnRequestFormProps {
  order: OrderDetail;
  /** The return was recorded: the page reads the order again to show it. */
  onRequested(): void;
}

/**
 * The shopper's return request on a delivered order within its window: which lines and how many,
 * a reason, and an optional photo (uploaded to the media service first).
 */
export function ReturnRequestForm({ order, onRequested }: ReturnRequestFormProps) {
  const { refreshSession, user } = useSession();
  const { mutate, loading } = useSessionMutation(REQUEST_RETURN);
  const left = returnableQuantities(order, order.returns);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number[]>(() => left.map(() => 0));
  const [reason, setReason] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [refundTo, setRefundTo] = useState(EMPTY_REFUND_TO);
  const formId = useId();
  const chosenItems = order.orderItems.flatMap((line, k) =>
    (chosen[k] ?? 0) > 0 ? [{ productId: line.productId, quantity: chosen[k]!, size: line.properties.size, color: line.properties.color }] : [],
  );
  // The refund of what is chosen, re-pricing what is kept (decision 0047), before the shopper confirms.
  const quote = useSessionQuery(RETURN_QUOTE, { orderId: order.id, items: chosenItems }, { skip: !open || chosenItems.length === 0 });
  const cod = order.paymentInfo.method.toUpperCase() === 'COD';

  if (user?.id !== order.userId || !canRequestReturn(order, order.returns) || !order.returnableUntil) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const items = order.orderItems.flatMap((line, k) =>
      chosen[k]! > 0 ? [{ productId: line.productId, quantity: chosen[k]!, size: line.properties.size, color: line.properties.color }] : [],
    );
    if (items.length === 0) return setError(CHOOSE_ITEMS);
    if (reason.trim().length < 5) return setError(REASON_SHORT);
    const payTo = cod ? readRefundTo(refundTo) : null;
    if (payTo && 'problem' in payTo) return setError(payTo.problem);
    setError(null);
    try {
      let photoUrl: string | null = null;
      if (photo) {
        setUploading(true);
        photoUrl = await uploadImage(photo, refreshSession).finally(() => setUploading(false));
      }
      const input = { items, reason: reason.trim(), photo: photoUrl, ...(payTo ? { refundTo: payTo.refundTo } : {}) };
      const { requestReturn } = await mutate({ orderId: order.id, input });
      if (!requestReturn.success) return setError(payloadMessage(requestReturn, REQUEST_FAILED));
      toast.success(requestReturn.message ?? REQUESTED);
      setOpen(false);
      setChosen((c) => c.map(() => 0));
      setReason('');
      setPhoto(null);
      onRequested();
    } catch (failure) {
      toastFailure(failure, REQUEST_FAILED);
    }
  }

  if (!open) {
    return (
      <div className="return-request return-request--closed">
        <p className="return-request__window">Free returns until {formatDate(order.returnableUntil)}.</p>
        <button type="button" className="btn btn--outline btn--sm" onClick={() => setOpen(true)}>
          Return items
        </button>
      </div>
    );
  }

  return (
    <form className="return-request" onSubmit={(e) => void submit(e)} aria-labelledby={`${formId}-title`} noValidate>
      <h3 id={`${formId}-title`} className="return-request__title">
        Return items
      </h3>
      <p className="return-request__window">Free returns until {formatDate(order.returnableUntil)}. Choose what goes back and how many.</p>
      <ul className="return-request__lines">
        {order.orderItems.map((line, k) =>
          left[k]! > 0 ? (
            <li key={`${line.productId}-${line.properties.size ?? ''}`} className="return-request__line">
              <label className="return-request__name" htmlFor={`${formId}-qty-${k}`}>
                {line.name}
                {line.properties.size ? ` (${line.properties.size})` : ''}
              </label>
              <select
                id={`${formId}-qty-${k}`}
                className="field__input return-request__qty"
                value={chosen[k]}
                onChange={(e) => setChosen((c) => c.map((n, i) => (i === k ? Number(e.target.value) : n)))}
              >
                {Array.from({ length: left[k]! + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n === 0 ? 'Keep' : `Return ${n}`}
                  </option>
                ))}
              </select>
            </li>
          ) : null,
        )}
      </ul>
      {chosenItems.length > 0 ? (
        <p className="return-request__refund" role="status" aria-live="polite">
          {quote.data ? (
            <>
              You will get back {formatINR(quote.data.returnQuote.refundAmount)}.
              {quote.data.returnQuote.couponLost
                ? ` What you keep no longer reaches the minimum of coupon ${quote.data.returnQuote.couponCode ?? ''}, so its saving comes out of the refund.`
                : ''}
            </>
          ) : quote.error ? (
            'The refund could not be worked out now; it is shown on the return once requested.'
          ) : (
            'Working out the refund…'
          )}
        </p>
      ) : null}
      <TextAreaField label="Reason" value={reason} onValueChange={setReason} maxLength={500} rows={3} required placeholder="e.g. Too small, damaged in transit" />
      <div className="field">
        <label className="field__label" htmlFor={`${formId}-photo`}>
          Photo <span className="field__optional">(optional)</span>
        </label>
        <input
          id={`${formId}-photo`}
          className="field__file"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
        />
      </div>
      {cod ? <RefundToFields value={refundTo} onChange={setRefundTo} /> : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="return-request__actions">
        <button type="submit" className="btn btn--primary btn--sm" disabled={loading || uploading}>
          {uploading ? 'Uploading photo…' : loading ? 'Sending…' : 'Request return'}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
