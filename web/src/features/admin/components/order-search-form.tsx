import { useId, useState, type FormEvent } from 'react';
import type { AdminOrderFilters } from '../api/admin-orders-documents';
import { ORDER_STATUSES, orderStatusLabel, PAYMENT_STATUSES } from '@shop/proto-contracts/web';

const EMPTY: AdminOrderFilters = { q: '', status: '', payment: '', from: '', to: '', archived: '' };

interface OrderSearchFormProps {
  /** The filters in the address ('' when not set). */
  filters: AdminOrderFilters;
  /** Whether any filter is set. */
  filtered: boolean;
  onSearch(filters: AdminOrderFilters): void;
}

/**
 * Find orders by what a customer has in hand (the order number they read out, their email or
 * phone), by status, payment and a range of India days. Searching with every field empty lists
 * every order.
 */
export function OrderSearchForm({ filters, filtered, onSearch }: OrderSearchFormProps) {
  const id = useId();
  const [draft, setDraft] = useState<AdminOrderFilters>(filters);
  const [shown, setShown] = useState(filters);
  // The address changed (back button, a link): the form follows it.
  if (shown !== filters && JSON.stringify(shown) !== JSON.stringify(filters)) {
    setShown(filters);
    setDraft(filters);
  }
  const field = (key: keyof AdminOrderFilters) => ({
    id: `${id}-${key}`,
    value: draft[key],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(draft);
  }

  return (
    <form role="search" aria-label="Order search" className="admin-order-search" onSubmit={submit}>
      <div className="field admin-order-search__q">
        <label htmlFor={`${id}-q`} className="field__label">
          Find orders
        </label>
        <input
          {...field('q')}
          type="search"
          className="field__input"
          placeholder="Number, name, email, phone"
          maxLength={100}
          aria-describedby={`${id}-q-hint`}
        />
        <span id={`${id}-q-hint`} className="field__hint">
          e.g. #FC7A0A, C6FC7A0A, asha@example.in or 98765 43210
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${id}-status`} className="field__label">
          Status
        </label>
        <select {...field('status')} className="field__input">
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {orderStatusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-archived`} className="field__label">
          Archived
        </label>
        <select {...field('archived')} className="field__input">
          <option value="">Hide archived</option>
          <option value="include">Include archived</option>
          <option value="only">Only archived</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-payment`} className="field__label">
          Payment
        </label>
        <select {...field('payment')} className="field__input">
          <option value="">All payments</option>
          {PAYMENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-from`} className="field__label">
          From
        </label>
        <input {...field('from')} type="date" className="field__input" max={draft.to || undefined} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`} className="field__label">
          To
        </label>
        <input {...field('to')} type="date" className="field__input" min={draft.from || undefined} />
      </div>
      <div className="admin-order-search__buttons">
        <button type="submit" className="btn btn--primary btn--sm">
          Search orders
        </button>
        {filtered ? (
          <button
            type="button"
            className="btn btn--outline btn--sm"
            onClick={() => {
              setDraft(EMPTY);
              onSearch(EMPTY);
            }}
          >
            Clear search
          </button>
        ) : null}
      </div>
    </form>
  );
}
