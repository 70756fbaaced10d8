import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';

interface Question {
  title: string;
  label: string;
  confirmLabel: string;
  min: number;
  max: number;
  answer(reason: string | null): void;
}

/**
 * Asks staff for a reason in the shop's own dialog (decision 0024): `ask` resolves the trimmed
 * text, or null when they cancel. The length rule is the server's, checked before sending.
 */
export function useReasonDialog(): { ask(q: Omit<Question, 'answer'>): Promise<string | null>; dialog: ReactNode } {
  const [question, setQuestion] = useState<Question | null>(null);
  const ask = useCallback(
    (q: Omit<Question, 'answer'>) =>
      new Promise<string | null>((resolve) => {
        setQuestion((previous) => {
          previous?.answer(null);
          return { ...q, answer: resolve };
        });
      }),
    [],
  );
  const close = (reason: string | null) => {
    question?.answer(reason);
    setQuestion(null);
  };
  return { ask, dialog: question ? <ReasonDialog key={question.title} question={question} onClose={close} /> : null };
}

function ReasonDialog({ question, onClose }: { question: Question; onClose(reason: string | null): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLTextAreaElement>('textarea')?.focus();
    }
    return () => dialog?.close();
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const reason = text.trim();
    if (reason.length < question.min || reason.length > question.max) {
      setProblem(`The reason must be ${question.min} to ${question.max} characters long`);
      return;
    }
    onClose(reason);
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
          {question.title}
        </h2>
        <div className="field">
          <label htmlFor={`${id}-reason`} className="field__label">
            {question.label}
          </label>
          <textarea
            id={`${id}-reason`}
            className="field__input field__input--multiline"
            rows={3}
            maxLength={question.max}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-error` : undefined}
          />
        </div>
        {problem ? (
          <p id={`${id}-error`} className="field__error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="confirm-dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={() => onClose(null)}>
            Cancel
          </button>
          <button type="submit" className="btn btn--danger">
            {question.confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
