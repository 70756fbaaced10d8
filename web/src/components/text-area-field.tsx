import { useId, type TextareaHTMLAttributes } from 'react';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange' | 'value'> {
  /** The visible label, which is also the field's accessible name. */
  label: string;
  value: string;
  onValueChange(value: string): void;
  hint?: string;
}

/** A labelled multi-line input, styled like TextField. */
export function TextAreaField({ label, value, onValueChange, hint, className, ...props }: TextAreaFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <div className="field__label-row">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
      </div>
      <textarea
        id={id}
        className="field__input field__input--multiline"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-describedby={hintId}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
