import { useEffect, useId, useRef, type ReactNode } from 'react';

interface FormDialogProps {
  title: ReactNode;
  /** A line under the title, if any. */
  text?: ReactNode;
  /** The field focused when the dialog opens (a selector inside the dialog). */
  focus: string;
  submitLabel: string;
  /** The submit button's style: `btn--primary`, `btn--danger`, `btn--accent`. */
  submitStyle: string;
  /** The form was submitted: check it and call onCancel or go on; the dialog stays until unmounted. */
  onSubmit(): void;
  /** Cancel, Escape: nothing is done. */
  onCancel(): void;
  /** The fields and their error. */
  children: ReactNode;
}

/**
 * The shop's modal form: a native <dialog> opened on mount (so focus is trapped and Escape
 * cancels), a title that names it, the fields, and Cancel beside the submit button. The reason,
 * ship-order and choose-size dialogs are this with their own fields.
 */
export function FormDialog({ title, text, focus, submitLabel, submitStyle, onSubmit, onCancel, children }: FormDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>(focus)?.focus();
    }
    return () => dialog?.close();
    // Opened once, when shown; a dialog keeps its focus selector.
  }, []);

  return (
    <dialog
      ref={ref}
      className="confirm-dialog ship-dialog"
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        noValidate
      >
        <h2 id={`${id}-title`} className="ship-dialog__title">
          {title}
        </h2>
        {text ? <p className="confirm-dialog__text">{text}</p> : null}
        {children}
        <div className="confirm-dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className={`btn ${submitStyle}`}>
            {submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
