import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

/** What a question to the shopper says; `confirmLabel` names the action (e.g. "Remove"). */
export interface ConfirmOptions {
  confirmLabel?: string;
  cancelLabel?: string;
  /** The action cannot be undone or loses something: the confirm button is drawn in red. */
  danger?: boolean;
}

interface Question extends ConfirmOptions {
  message: string;
  /** A notice with one OK button (what window.alert did). */
  notice: boolean;
  answer(yes: boolean): void;
}

interface Dialogs {
  /** Asks the shopper; resolves true when they chose the action, false for Cancel or Escape. */
  confirm(message: string, options?: ConfirmOptions): Promise<boolean>;
  /** Tells the shopper something that needs their attention; resolves when they close it. */
  notify(message: string): Promise<void>;
}

const DialogContext = createContext<Dialogs | null>(null);

/**
 * The shop's own confirmation and notice dialogs, in place of the browser's confirm and alert
 * (which look foreign, cannot be styled and block the page). One question at a time: a second
 * one asked while the first is open answers the first "no".
 */
export function ConfirmDialogProvider({ children }: { children: ReactNode }) {
  const [question, setQuestion] = useState<Question | null>(null);
  const ask = useCallback((message: string, notice: boolean, options: ConfirmOptions = {}) => {
    return new Promise<boolean>((resolve) => {
      setQuestion((previous) => {
        previous?.answer(false);
        return { ...options, message, notice, answer: resolve };
      });
    });
  }, []);
  const dialogs = useMemo<Dialogs>(
    () => ({
      confirm: (message, options) => ask(message, false, options),
      notify: async (message) => {
        await ask(message, true);
      },
    }),
    [ask],
  );
  const close = (yes: boolean) => {
    question?.answer(yes);
    setQuestion(null);
  };
  return (
    <DialogContext value={dialogs}>
      {children}
      {question ? <ConfirmDialog key={question.message} question={question} onClose={close} /> : null}
    </DialogContext>
  );
}

export function useDialogs(): Dialogs {
  const dialogs = use(DialogContext);
  if (!dialogs) throw new Error('useDialogs outside ConfirmDialogProvider');
  return dialogs;
}

function ConfirmDialog({ question, onClose }: { question: Question; onClose(yes: boolean): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
      // The safe choice has the focus, so an Enter pressed too early does not delete anything.
      dialog.querySelector<HTMLButtonElement>('[data-autofocus]')?.focus();
    }
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="confirm-dialog-text"
      onCancel={(event) => {
        event.preventDefault();
        onClose(false);
      }}
    >
      <p id="confirm-dialog-text" className="confirm-dialog__text">
        {question.message}
      </p>
      <div className="confirm-dialog__actions">
        {question.notice ? (
          <button type="button" className="btn btn--primary" data-autofocus onClick={() => onClose(true)}>
            OK
          </button>
        ) : (
          <>
            <button type="button" className="btn btn--ghost" data-autofocus onClick={() => onClose(false)}>
              {question.cancelLabel ?? 'Cancel'}
            </button>
            <button type="button" className={`btn ${question.danger ? 'btn--danger' : 'btn--primary'}`} onClick={() => onClose(true)}>
              {question.confirmLabel ?? 'OK'}
            </button>
          </>
        )}
      </div>
    </dialog>
  );
}
