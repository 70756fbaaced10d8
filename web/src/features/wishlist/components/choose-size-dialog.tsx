import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { SizeChooser } from '../../product/components/size-chooser';

interface ChooseSizeDialogProps {
  name: string;
  sizes: string[];
  soldOut: string[];
  /** The chosen size, or null when the shopper closed the dialog. */
  onClose(size: string | null): void;
}

/**
 * Move to cart of a product with sizes: asks which size (sold-out sizes shown but not offered),
 * in a modal <dialog> (Escape or Cancel closes it and nothing moves).
 */
export function ChooseSizeDialog({ name, sizes, soldOut, onClose }: ChooseSizeDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [size, setSize] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
    }
    return () => dialog?.close();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!size) {
      setMissing(true);
      return;
    }
    onClose(size);
  }

  return (
    <dialog
      ref={ref}
      className="confirm-dialog ship-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose(null);
      }}
    >
      <form onSubmit={submit} noValidate>
        <h2 id={`${id}-title`} className="ship-dialog__title">
          Choose a size
        </h2>
        <p className="confirm-dialog__text">{name}</p>
        <SizeChooser
          sizes={sizes}
          stockOf={(option) => (soldOut.includes(option) ? 0 : 1)}
          value={size}
          onChange={(next) => {
            setSize(next);
            setMissing(false);
          }}
        />
        {missing ? (
          <p className="field__error" role="alert">
            Please choose a size
          </p>
        ) : null}
        <div className="confirm-dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={() => onClose(null)}>
            Cancel
          </button>
          <button type="submit" className="btn btn--accent">
            Move to cart
          </button>
        </div>
      </form>
    </dialog>
  );
}
