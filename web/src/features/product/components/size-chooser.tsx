import { useId } from 'react';

interface SizeChooserProps {
  sizes: string[];
  /** Units per size; a size with none left is shown but cannot be chosen. */
  stockOf(size: string): number;
  value: string | null;
  onChange(size: string): void;
}

export function SizeChooser({ sizes, stockOf, value, onChange }: SizeChooserProps) {
  const name = useId();
  if (sizes.length === 0) return null;
  return (
    <fieldset className="option-group">
      <legend className="option-group__legend">
        Size{value ? <span className="option-group__value">: {value}</span> : null}
      </legend>
      <div className="size-options">
        {sizes.map((size) => {
          const unavailable = stockOf(size) <= 0;
          return (
            <label
              key={size}
              className={`size-option${unavailable ? ' size-option--unavailable' : ''}`}
              title={unavailable ? `${size}: out of stock` : undefined}
            >
              <input
                type="radio"
                name={name}
                className="visually-hidden-input"
                value={size}
                checked={value === size}
                disabled={unavailable}
                onChange={() => onChange(size)}
              />
              <span className="size-option__label">{size}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
