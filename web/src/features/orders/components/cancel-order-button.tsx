interface CancelOrderButtonProps {
  orderNumber: string;
  /** This order is being cancelled. */
  cancelling: boolean;
  /** Another order is being cancelled. */
  disabled?: boolean;
  onCancel(): void;
}

/** 'Cancel order' (its accessible name also says which order, as a list holds several). */
export function CancelOrderButton({ orderNumber, cancelling, disabled = false, onCancel }: CancelOrderButtonProps) {
  return (
    <button
      type="button"
      className="btn btn--sm order-cancel"
      onClick={onCancel}
      disabled={cancelling || disabled}
      aria-busy={cancelling || undefined}
    >
      {cancelling ? 'Cancelling...' : 'Cancel order'}
      <span className="sr-only"> {orderNumber}</span>
    </button>
  );
}
