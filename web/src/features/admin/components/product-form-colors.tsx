import type { NamedColor } from '../api/product-form-documents';

interface ProductFormColorsProps {
  idPrefix: string;
  palette: NamedColor[];
  chosen: string[];
  onToggle(name: string): void;
}

/** The palette's named colours as checkboxes; shoppers get the first chosen one preselected. */
export function ProductFormColors({ idPrefix, palette, chosen, onToggle }: ProductFormColorsProps) {
  const hintId = `${idPrefix}-colors-hint`;
  return (
    <fieldset className="product-form__group" aria-describedby={hintId}>
      <legend className="product-form__legend">
        Colours <span className="field__optional">Optional</span>
      </legend>
      <p id={hintId} className="field__hint">
        {chosen.length > 0
          ? `Chosen (${chosen.length}): ${chosen.join(', ')}. The first is preselected for shoppers.`
          : 'Choose every colour the product comes in.'}
      </p>
      <div className="product-form__swatches">
        {palette.map((color) => (
          <label key={color.name} className="product-form__swatch">
            <input
              type="checkbox"
              className="visually-hidden-input"
              checked={chosen.includes(color.name)}
              onChange={() => onToggle(color.name)}
            />
            <span className="product-form__swatch-chip" style={{ backgroundColor: color.hex }} aria-hidden="true" />
            <span className="product-form__swatch-name">{color.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
