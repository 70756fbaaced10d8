import { useId, useState } from 'react';
import { SlidersIcon } from '../../../components/icons';
import { formatCount } from '../../../lib/format';
import type { ListingSubcategory } from '../api/listing-queries';
import { PRICE_BANDS, SORT_OPTIONS, type ListingParams, type PriceBand, type ProductSort } from '../api/listing-params';
import type { ListingParamsControl } from '../hooks/use-listing-params';

interface ListingFiltersProps {
  control: ListingParamsControl;
  activeCount: number;
  /** Category listings with subcategories offer them as a filter. */
  subcategories?: ListingSubcategory[];
  /** How many products the current filters find (undefined while loading): the small screens' "Show N results"; capped: "1,000+". */
  resultCount?: { count: number; capped: boolean };
}

/**
 * The side filter panel. On small screens it folds away behind a 'Filters' button (a disclosure);
 * on wide screens it is always open. Every change applies at once and goes into the URL.
 */
export function ListingFilters({ control, activeCount, subcategories = [], resultCount }: ListingFiltersProps) {
  const { params, setFilters, clearFilters } = control;
  const [open, setOpen] = useState(false);
  const id = useId();
  const panelId = `${id}-panel`;
  const titleId = `${id}-title`;
  const countId = `${id}-count`;

  return (
    <aside className="filters" aria-labelledby={titleId}>
      <div className="filters__bar">
        <h2 id={titleId} className="filters__title">
          Filters
        </h2>
        <button
          type="button"
          className="filters__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          aria-describedby={activeCount > 0 ? countId : undefined}
          onClick={() => setOpen((value) => !value)}
        >
          <SlidersIcon size={18} />
          Filters
          {activeCount > 0 ? (
            <span className="filters__count" aria-hidden="true">
              {activeCount}
            </span>
          ) : null}
        </button>
        {activeCount > 0 ? (
          <span id={countId} className="sr-only">
            {activeCount} active
          </span>
        ) : null}
      </div>

      <div id={panelId} className={`filters__panel${open ? ' is-open' : ''}`}>
        <div className="filters__group">
          <label htmlFor={`${id}-sort`} className="filters__label">
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            className="filters__select"
            value={params.sort}
            onChange={(event) => setFilters({ sort: event.target.value as ProductSort })}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>

        {subcategories.length > 0 ? (
          <div className="filters__group">
            <label htmlFor={`${id}-subcat`} className="filters__label">
              Subcategory
            </label>
            <select
              id={`${id}-subcat`}
              className="filters__select"
              value={params.subcat ?? ''}
              onChange={(event) => setFilters({ subcat: event.target.value || null })}
            >
              <option value="">All subcategories</option>
              {subcategories.map((subcategory) => (
                <option key={subcategory.id} value={subcategory.str}>
                  {subcategory.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}

        <fieldset className="filters__group">
          <legend className="filters__label">Price</legend>
          {PRICE_BANDS.map((band) => (
            <label key={band.value} className="filters__choice">
              <input
                type="radio"
                name={`${id}-price`}
                value={band.value}
                checked={params.price === band.value}
                onChange={() => setFilters({ price: band.value as PriceBand })}
              />
              {band.label}
            </label>
          ))}
        </fieldset>

        <fieldset className="filters__group">
          <legend className="filters__label">Offers and availability</legend>
          <FilterCheckbox
            label="With Discount"
            checked={params.withDiscount}
            onChange={(withDiscount) => setFilters({ withDiscount })}
          />
          <FilterCheckbox label="In Stock Only" checked={params.inStock} onChange={(inStock) => setFilters({ inStock })} />
        </fieldset>

        {activeCount > 0 ? (
          <button type="button" className="link-button filters__clear" onClick={clearFilters}>
            Clear all
          </button>
        ) : null}
        {/* Small screens: the panel covers the results, so it ends with a way back to them. */}
        <button
          type="button"
          className="btn btn--primary filters__show"
          disabled={resultCount === undefined}
          onClick={() => {
            setOpen(false);
            document.getElementById('listing-results-title')?.parentElement?.scrollIntoView({ block: 'start' });
          }}
        >
          {resultCount === undefined ? 'Loading results…' : `Show ${formatCount(resultCount.count)}${resultCount.capped ? '+' : ''} ${resultCount.count === 1 && !resultCount.capped ? 'result' : 'results'}`}
        </button>
      </div>
    </aside>
  );
}

function FilterCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: ListingParams['withDiscount'];
  onChange(checked: boolean): void;
}) {
  return (
    <label className="filters__choice">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}
