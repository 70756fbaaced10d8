import { useCallback, useId, useState, type ReactNode } from 'react';
import { FormDialog } from '../../../components/form-dialog';

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
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit() {
    const reason = text.trim();
    if (reason.length < question.min || reason.length > question.max) {
      setProblem(`The reason must be ${question.min} to ${question.max} characters long`);
      return;
    }
    onClose(reason);
  }

  return (
    <FormDialog title={question.title} focus="textarea" submitLabel={question.confirmLabel} submitStyle="btn--danger" onSubmit={submit} onCancel={() => onClose(null)}>
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
    </FormDialog>
  );
}
