import { useRef } from 'react';
import { useChosenInView } from '../../../lib/use-chosen-in-view';
import { STATUS_FILTERS, type StatusFilter } from '../api/order-status';

interface OrderFilterChipsProps {
  value: StatusFilter;
  onChange(next: StatusFilter): void;
  /** Orders under each chip, once the orders are known. */
  counts: Record<StatusFilter, number> | null;
  /** The id of the list the chips filter. */
  controls: string;
}

/** All Orders, Processing, Shipped, Delivered, Cancelled: toggle buttons, one pressed. */
export function OrderFilterChips({ value, onChange, counts, controls }: OrderFilterChipsProps) {
  const group = useRef<HTMLDivElement>(null);

  // On small screens the chips are one row that scrolls sideways: keep the chosen one in view
  // (e.g. '?status=cancelled' after a reload). Only the row scrolls, never the page.
  useChosenInView(group, '[aria-pressed="true"]', value, 'edge');

  return (
    <div ref={group} className="order-filters" role="group" aria-label="Filter orders by status">
      {STATUS_FILTERS.map((filter) => (
        <button
          key={filter.value}
          type="button"
          className="order-filter"
          aria-pressed={value === filter.value}
          aria-controls={controls}
          onClick={() => onChange(filter.value)}
        >
          {filter.label}
          {/* The count is visual only: the button's name stays the chip's word, and the
              summary below the chips says how many orders are shown. Its box is there before
              the orders arrive, so the chips do not move. */}
          <span className="order-filter__count" aria-hidden="true">
            {counts ? counts[filter.value] : ''}
          </span>
        </button>
      ))}
    </div>
  );
}
