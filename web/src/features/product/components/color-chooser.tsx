import { useId } from 'react';
import type { NamedColor } from '../api/product-documents';

interface ColorChooserProps {
  colors: string[];
  palette: NamedColor[];
  value: string | null;
  onChange(color: string): void;
}

/** Colour swatches (the palette's hex), each a radio button named by its colour. */
export function ColorChooser({ colors, palette, value, onChange }: ColorChooserProps) {
  const name = useId();
  if (colors.length === 0) return null;
  const hexOf = (color: string) =>
    palette.find((entry) => entry.name.toLowerCase() === color.toLowerCase())?.hex ?? null;
  return (
    <fieldset className="option-group">
      <legend className="option-group__legend">
        Colour{value ? <span className="option-group__value">: {value}</span> : null}
      </legend>
      <div className="swatches">
        {colors.map((color) => {
          const hex = hexOf(color);
          return (
            <label key={color} className="swatch" title={color}>
              <input
                type="radio"
                name={name}
                className="visually-hidden-input"
                value={color}
                checked={value === color}
                onChange={() => onChange(color)}
                aria-label={color}
              />
              <span
                className={`swatch__chip${hex ? '' : ' swatch__chip--unknown'}`}
                style={hex ? { backgroundColor: hex } : undefined}
                aria-hidden="true"
              />
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
