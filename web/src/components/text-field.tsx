import { useId, type InputHTMLAttributes } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  /** The visible label, which is also the field's accessible name. */
  label: string;
  value: string;
  onValueChange(value: string): void;
  /** A short help text under the field. */
  hint?: string;
  /** Shows an 'Optional' tag beside the label. */
  optional?: boolean;
}

/** A labelled input: label above, optional hint below, wired with ids for assistive tech. */
export function TextField({ label, value, onValueChange, hint, optional, className, ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <div className="field__label-row">
        {/* The label holds only the name, so the accessible name is exactly `label`. */}
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        {optional ? <span className="field__optional">Optional</span> : null}
      </div>
      <input
        id={id}
        className="field__input"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-describedby={hintId}
        {...inputProps}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
