import type { FormEvent, ReactNode } from 'react';

interface CheckoutAddFormProps {
  id: string;
  title: string;
  /** The submit button's text ('Adding...' while the change is saved). */
  submitLabel: string;
  loading: boolean;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  /** Shown as a Cancel button when there are saved entries to go back to. */
  onCancel?: () => void;
  children: ReactNode;
}

/** The frame of checkout's inline forms for a new address or phone: a title, the fields, submit and Cancel. */
export function CheckoutAddForm({ id, title, submitLabel, loading, onSubmit, onCancel, children }: CheckoutAddFormProps) {
  return (
    <form id={id} className="form checkout-add" onSubmit={onSubmit} noValidate>
      <h3 className="checkout-add__title">{title}</h3>
      {children}
      <div className="checkout-add__actions">
        <button type="submit" className="btn btn--primary" disabled={loading}>
          {loading ? 'Adding...' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn--outline" onClick={onCancel} disabled={loading}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
