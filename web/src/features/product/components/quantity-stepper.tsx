import { useId } from 'react';
import { MinusIcon, PlusIcon } from '../../../components/icons';

interface QuantityStepperProps {
  value: number;
  /** Units in stock for the chosen options; 0 disables the stepper. */
  max: number;
  onChange(value: number): void;
}

/** Quantity between 1 and the stock: minus and plus buttons around a number field. */
export function QuantityStepper({ value, max, onChange }: QuantityStepperProps) {
  const id = useId();
  const disabled = max <= 0;
  const clamp = (next: number) => Math.max(1, Math.min(Math.max(max, 1), Math.floor(next) || 1));
  return (
    <div className="quantity">
      <label htmlFor={id} className="option-group__legend">
        Quantity
      </label>
      <div className="quantity__control">
        <button
          type="button"
          className="quantity__button"
          aria-label="Decrease"
          onClick={() => onChange(clamp(value - 1))}
          disabled={disabled || value <= 1}
        >
          <MinusIcon size={18} />
        </button>
        <input
          id={id}
          className="quantity__input"
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(max, 1)}
          value={value}
          disabled={disabled}
          onChange={(event) => onChange(clamp(Number(event.target.value)))}
        />
        <button
          type="button"
          className="quantity__button"
          aria-label="Increase"
          onClick={() => onChange(clamp(value + 1))}
          disabled={disabled || value >= max}
        >
          <PlusIcon size={18} />
        </button>
      </div>
    </div>
  );
}

/** 'Out of Stock', 'Only 3 left' (5 or fewer) or 'In Stock'. */
export function StockNote({ stock }: { stock: number }) {
  if (stock <= 0) return <p className="stock-note stock-note--out">Out of Stock</p>;
  if (stock <= 5) return <p className="stock-note stock-note--low">Only {stock} left</p>;
  return <p className="stock-note stock-note--in">In Stock</p>;
}
