import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { PlusIcon } from '../../../components/icons';
import type { SessionUser } from '../../../lib/session-user';

export interface SavedOption {
  key: string;
  label: ReactNode;
  /** The default entry (the first saved). */
  primary: boolean;
}

interface AddFormProps {
  id: string;
  onAdded(user: SessionUser): void;
  onCancel?: () => void;
}

interface SavedChoiceSectionProps {
  title: string;
  icon: ReactNode;
  /** The radios' group name. */
  name: string;
  options: SavedOption[];
  selectedIndex: number;
  onSelect(index: number): void;
  emptyText: string;
  /** The button that reveals the add form, e.g. 'Add a new address'. */
  addLabel: string;
  /** The inline add form; `onAdded` gets the account with the new entry last. */
  renderAddForm(props: AddFormProps): ReactNode;
  /** Index of the new entry in the account the add form answered. */
  addedIndexOf(user: SessionUser): number;
  /** Shown under the list while the add form is closed (e.g. fields the chosen address lacks). */
  children?: ReactNode;
}

/**
 * A checkout section choosing one saved entry (address or phone) with radios, and adding a new one
 * inline; the new entry becomes the choice and gets the focus. With nothing saved yet, the add
 * form is open from the start.
 */
export function SavedChoiceSection(props: SavedChoiceSectionProps) {
  const { title, icon, name, options, selectedIndex, onSelect, emptyText, addLabel, renderAddForm, addedIndexOf, children } = props;
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const formId = `${baseId}-form`;
  const [formOpen, setFormOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const hasOptions = options.length > 0;
  const showForm = formOpen || !hasOptions;

  // Opening the form moves the focus to its first field.
  useEffect(() => {
    if (formOpen) document.getElementById(formId)?.querySelector<HTMLElement>('input, textarea')?.focus();
  }, [formOpen, formId]);

  useEffect(() => {
    if (focusIndex === null) return;
    document.getElementById(`${baseId}-${focusIndex}`)?.focus();
    setFocusIndex(null);
  }, [focusIndex, baseId]);

  function added(user: SessionUser) {
    const index = addedIndexOf(user);
    onSelect(index);
    setFormOpen(false);
    setFocusIndex(index);
  }

  function cancel() {
    setFormOpen(false);
    // The toggle comes back on the next render; give it the focus then.
    requestAnimationFrame(() => toggleRef.current?.focus());
  }

  return (
    <section className="card checkout-section">
      <h2 id={titleId} className="card__title">
        {icon} {title}
      </h2>
      {hasOptions ? (
        <div className="choice-list" role="radiogroup" aria-labelledby={titleId}>
          {options.map((option, index) => (
            <label key={option.key} className="choice" htmlFor={`${baseId}-${index}`}>
              <input
                id={`${baseId}-${index}`}
                className="choice__input"
                type="radio"
                name={name}
                value={String(index)}
                checked={index === selectedIndex}
                onChange={() => onSelect(index)}
              />
              <span className="choice__text">{option.label}</span>
              {option.primary ? (
                <span className="badge badge--primary" aria-hidden="true">
                  Default
                </span>
              ) : null}
            </label>
          ))}
        </div>
      ) : (
        <p className="muted checkout-section__empty">{emptyText}</p>
      )}
      {!showForm ? children : null}
      {hasOptions && !formOpen ? (
        <button
          ref={toggleRef}
          type="button"
          className="btn btn--ghost btn--sm checkout-section__add"
          onClick={() => setFormOpen(true)}
        >
          <PlusIcon size={16} /> {addLabel}
        </button>
      ) : null}
      {showForm ? renderAddForm({ id: formId, onAdded: added, onCancel: hasOptions ? cancel : undefined }) : null}
    </section>
  );
}
