import type { ProductFormCategory } from '../api/product-form-documents';
import { sizeStockKey, type ProductFormErrors } from '../hooks/product-form-model';

/** How each size set reads to staff. */
const SIZE_SET_HINTS: Record<string, string> = {
  letters: 'Letter sizes.',
  shoe: 'Shoe sizes.',
  waist: 'Waist sizes in inches.',
  kids: 'Age ranges for kids.',
  free: 'One size fits all.',
};

interface ProductFormSizesProps {
  idPrefix: string;
  category: ProductFormCategory;
  sizes: string[];
  sizeStock: Record<string, string>;
  totalStock: number;
  errors: ProductFormErrors;
  onToggle(size: string): void;
  onStockChange(size: string, value: string): void;
}

/** The category's sizes as checkboxes, then a stock entry for each chosen size and their total. */
export function ProductFormSizes({ idPrefix, category, sizes, sizeStock, totalStock, errors, onToggle, onStockChange }: ProductFormSizesProps) {
  const hintId = `${idPrefix}-sizes-hint`;
  const stockHintId = `${idPrefix}-size-stock-hint`;
  return (
    <>
      <fieldset className="product-form__group" aria-describedby={hintId}>
        <legend className="product-form__legend">
          Sizes <span className="field__optional">Optional</span>
        </legend>
        <p id={hintId} className="field__hint">
          {SIZE_SET_HINTS[category.sizeSet] ?? ''} With sizes chosen, the stock is counted per size.
        </p>
        <div className="size-options">
          {category.sizeOptions.map((size) => (
            <label key={size} className="size-option">
              <input type="checkbox" className="visually-hidden-input" checked={sizes.includes(size)} onChange={() => onToggle(size)} />
              <span className="size-option__label">{size}</span>
            </label>
          ))}
        </div>
      </fieldset>

      {sizes.length > 0 ? (
        <fieldset className="product-form__group product-form__size-stock" aria-describedby={stockHintId}>
          <legend className="product-form__legend">Stock per size</legend>
          <p id={stockHintId} className="field__hint">
            Units in stock for each size; a size left empty counts 0.
          </p>
          <div className="product-form__size-rows">
            {sizes.map((size) => {
              const id = `${idPrefix}-size-stock-${size.replace(/\W+/g, '-')}`;
              const error = errors[sizeStockKey(size)];
              return (
                <div key={size} className={`product-form__size-row${error ? ' product-form__field--invalid' : ''}`}>
                  <label htmlFor={id} className="product-form__size-label">
                    <span className="sr-only">Units in size </span>
                    {size}
                  </label>
                  <input
                    id={id}
                    className="field__input"
                    type="number"
                    inputMode="numeric"
                    min={0}
                    step={1}
                    value={sizeStock[size] ?? ''}
                    onChange={(event) => onStockChange(size, event.target.value)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                  />
                  {error ? (
                    <p id={`${id}-error`} className="product-form__error">
                      {error}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </div>
          <p className="product-form__total" aria-live="polite">
            Total stock: <strong>{totalStock}</strong>
          </p>
        </fieldset>
      ) : null}
    </>
  );
}
