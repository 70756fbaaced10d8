import { CHOSEN_TAGS, DERIVED_TAGS, PERCENT_OFF_TAGS } from '../hooks/product-form-model';

interface ProductFormTagsProps {
  idPrefix: string;
  chosen: string[];
  /** The percent-off tags the current discount earns. */
  derived: string[];
  onToggle(key: string): void;
}

/**
 * The listing tags. Popular, Trending Now and Best Deals are chosen here; the percent-off tags
 * follow the discount (the shop sets them when it saves), so they are shown, not chosen.
 */
export function ProductFormTags({ idPrefix, chosen, derived, onToggle }: ProductFormTagsProps) {
  const hintId = `${idPrefix}-tags-hint`;
  const thresholds = PERCENT_OFF_TAGS.map((entry) => `${entry.minDiscount}%`).join(', ');
  return (
    <fieldset className="product-form__group" aria-describedby={hintId}>
      <legend className="product-form__legend">
        Tags <span className="field__optional">Optional</span>
      </legend>
      <div className="product-form__checks">
        {CHOSEN_TAGS.map((tag) => (
          <label key={tag.key} className="product-form__check">
            <input type="checkbox" checked={chosen.includes(tag.key)} onChange={() => onToggle(tag.key)} />
            <span>{tag.label}</span>
          </label>
        ))}
        {DERIVED_TAGS.map((tag) => (
          <label key={tag.key} className="product-form__check product-form__check--derived">
            <input type="checkbox" checked={derived.includes(tag.key)} disabled readOnly />
            <span>{tag.label}</span>
          </label>
        ))}
      </div>
      <p id={hintId} className="field__hint">
        The % Off tags follow the discount: a discount of {thresholds} or more earns them.
      </p>
    </fieldset>
  );
}
