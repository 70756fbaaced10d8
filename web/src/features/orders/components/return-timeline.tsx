import { CreditNoteButton } from '../../../components/invoice-button';
import { formatDate, formatINR } from '../../../lib/format';
import { RETURN_STEP_TEXT, returnStatusLabel, type ReturnStatus } from '@shop/proto-contracts/web';
import type { OrderReturn } from '../api/order-documents';

/** One return: what goes back, the refund, and each step reached with its date and staff's note. */
function ReturnEntry({ ret }: { ret: OrderReturn }) {
  const items = ret.items.map((i) => `${i.name}${i.properties.size ? ` (${i.properties.size})` : ''} × ${i.quantity}`).join(', ');
  return (
    <li className="return-entry">
      <div className="return-entry__head">
        <p className="return-entry__items">{items}</p>
        <span className={`return-badge return-badge--${ret.status}`}>{returnStatusLabel(ret.status)}</span>
      </div>
      <p className="return-entry__refund">
        Refund {formatINR(ret.refundAmount)}
        {ret.refundReference ? ` · paid by ${ret.refundMethod ?? ''} (ref. ${ret.refundReference})` : ''}
      </p>
      {ret.creditNoteNumber ? (
        <p className="return-entry__credit-note">
          Credit note {ret.creditNoteNumber} <CreditNoteButton returnId={ret.id} number={ret.creditNoteNumber} />
        </p>
      ) : null}
      <ol className="return-steps" aria-label="Return progress">
        {ret.timeline.map((step) => (
          <li key={step.status} className={`return-steps__step return-steps__step--${step.status}`}>
            <span className="return-steps__name">{returnStatusLabel(step.status)}</span>{' '}
            <time className="return-steps__date" dateTime={step.at}>
              {formatDate(step.at)}
            </time>
            <span className="return-steps__text">{RETURN_STEP_TEXT[step.status as ReturnStatus] ?? ''}</span>
            {step.note ? <span className="return-steps__note">Note: {step.note}</span> : null}
          </li>
        ))}
      </ol>
    </li>
  );
}

/** The order's returns, oldest first (My Orders and the order page). */
export function ReturnTimeline({ returns }: { returns: OrderReturn[] }) {
  if (returns.length === 0) return null;
  return (
    <div className="return-timeline">
      <h3 className="return-timeline__title">Returns</h3>
      <ul className="return-timeline__list">
        {returns.map((ret) => (
          <ReturnEntry key={ret.id} ret={ret} />
        ))}
      </ul>
    </div>
  );
}
