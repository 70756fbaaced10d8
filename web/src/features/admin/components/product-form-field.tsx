import type { ReactNode } from 'react';

/** What a field's control needs for its label, help text and error to be read with it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

interface ProductFormFieldProps {
  id: string;
  /** The visible label, which is also the control's accessible name. */
  label: string;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  /** Shown at the end of the label row (e.g. the image count). */
  aside?: ReactNode;
  className?: string;
  children(control: FieldControlProps): ReactNode;
}

/** A labelled control with its hint and error under it, both tied to it with aria-describedby. */
export function ProductFormField({ id, label, hint, error, optional, aside, className, children }: ProductFormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field product-form__field${error ? ' product-form__field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <div className="field__label-row">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        {optional ? <span className="field__optional">Optional</span> : null}
        {aside}
      </div>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {error ? (
        <p id={errorId} className="product-form__error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
