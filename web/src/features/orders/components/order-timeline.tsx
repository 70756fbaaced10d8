import { formatDate } from '../../../lib/format';
import { orderStatusOf } from '@shop/proto-contracts/web';
import { deliveryNote, timelineOf, type StepState } from '../api/order-status';

interface OrderTimelineProps {
  order: {
    orderStatus: string;
    createdAt: string;
    shippedAt: string | null;
    deliveredAt: string | null;
    cancelledAt: string | null;
    estimatedDelivery: string;
  };
}

/** What a screen reader hears after each step's name, e.g. 'Ordered: current step'. */
const STATE_TEXT: Record<StepState, string> = {
  done: 'done',
  current: 'current step',
  upcoming: 'not yet',
};

function CheckMark() {
  return (
    <svg viewBox="0 0 24 24" width="14" height="14" fill="none" stroke="currentColor" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}

/**
 * Ordered → Shipped → Delivered, with the date of each step that happened, the step the order is
 * at now marked current, and one line on delivery (estimate, delivered or cancelled). A cancelled
 * order is drawn greyed.
 */
export function OrderTimeline({ order }: OrderTimelineProps) {
  const cancelled = orderStatusOf(order.orderStatus) === 'cancelled';
  const note = deliveryNote(order);
  return (
    <div className={`order-timeline${cancelled ? ' order-timeline--cancelled' : ''}`}>
      <ol className="order-timeline__steps" aria-label="Order progress">
        {timelineOf(order).map((step) => (
          <li key={step.key} className={`order-timeline__step order-timeline__step--${step.state}`} aria-current={step.state === 'current' ? 'step' : undefined}>
            <span className="order-timeline__marker" aria-hidden="true">
              {step.state === 'upcoming' ? null : <CheckMark />}
            </span>
            <span className="order-timeline__label">
              {step.label}
              <span className="sr-only">: {cancelled && step.state !== 'done' ? 'not reached' : STATE_TEXT[step.state]}</span>
            </span>
            <span className="order-timeline__date">
              {step.date ? <time dateTime={step.date}>{formatDate(step.date)}</time> : null}
            </span>
          </li>
        ))}
      </ol>
      {note ? <p className={`order-timeline__note order-timeline__note--${note.kind}`}>{note.text}</p> : null}
    </div>
  );
}
