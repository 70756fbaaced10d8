import { useId, useState } from 'react';
import { SlidersIcon } from '../../../components/icons';
import { formatCount } from '../../../lib/format';
import type { FacetValue, ListingSubcategory, SearchFacets } from '../api/listing-documents';
import { PRICE_BANDS, SORT_OPTIONS, type ListingParams, type PriceBand, type ProductSort } from '../api/listing-params';
import type { ListingParamsControl } from '../hooks/use-listing-params';

interface ListingFiltersProps {
  control: ListingParamsControl;
  activeCount: number;
  /** Category listings with subcategories offer them as a filter. */
  subcategories?: ListingSubcategory[];
  /** How many products the current filters find (undefined while loading): the small screens' "Show N results"; capped: "1,000+". */
  resultCount?: { count: number; capped: boolean };
  /** Searches: the server's facets (decision 0059), offered as category, size, colour and rating filters with counts. */
  facets?: SearchFacets;
}

/** A facet value's label with its count; no count when the counts are of a sample (a search of more than 1,000). */
function withCount(label: string, value: FacetValue | undefined, facets: SearchFacets | undefined): string {
  // No counts for a search that found nothing (every one would say 0) or counted a sample.
  if (!facets || facets.capped || facets.counted === 0) return label;
  return `${label} (${formatCount(value?.count ?? 0)})`;
}

/** The facet's values, plus the chosen one when the matches no longer hold it (so the control still shows it). */
function valuesWithChosen(values: FacetValue[], chosen: string | null): FacetValue[] {
  if (chosen === null || values.some((v) => v.value === chosen)) return values;
  return [{ value: chosen, label: chosen, count: 0 }, ...values];
}

/**
 * The side filter panel. On small screens it folds away behind a 'Filters' button (a disclosure);
 * on wide screens it is always open. Every change applies at once and goes into the URL.
 */
export function ListingFilters({ control, activeCount, subcategories = [], resultCount, facets }: ListingFiltersProps) {
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

        {facets ? (
          <fieldset className="filters__group">
            <legend className="filters__label">Category</legend>
            <label className="filters__choice">
              <input type="radio" name={`${id}-category`} checked={params.category === null} onChange={() => setFilters({ category: null })} />
              All categories
            </label>
            {valuesWithChosen(facets.categories, params.category).map((category) => (
              <label key={category.value} className="filters__choice">
                <input
                  type="radio"
                  name={`${id}-category`}
                  value={category.value}
                  checked={params.category === category.value}
                  onChange={() => setFilters({ category: category.value })}
                />
                {withCount(category.label, category, facets)}
              </label>
            ))}
          </fieldset>
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
              {facets && band.value !== 'all' ? withCount(band.label, facets.priceBands.find((b) => b.value === band.value), facets) : band.label}
            </label>
          ))}
        </fieldset>

        {facets && (facets.sizes.length > 0 || params.size !== null) ? (
          <div className="filters__group">
            <label htmlFor={`${id}-size`} className="filters__label">
              Size
            </label>
            <select
              id={`${id}-size`}
              className="filters__select"
              value={params.size ?? ''}
              onChange={(event) => setFilters({ size: event.target.value || null })}
            >
              <option value="">Any size</option>
              {valuesWithChosen(facets.sizes, params.size).map((size) => (
                <option key={size.value} value={size.value}>
                  {withCount(size.label, size, facets)}
                </option>
              ))}
            </select>
          </div>
        ) : null}

        {facets && (facets.colors.length > 0 || params.color !== null) ? (
          <div className="filters__group">
            <label htmlFor={`${id}-color`} className="filters__label">
              Colour
            </label>
            <select
              id={`${id}-color`}
              className="filters__select"
              value={params.color ?? ''}
              onChange={(event) => setFilters({ color: event.target.value || null })}
            >
              <option value="">Any colour</option>
              {valuesWithChosen(facets.colors, params.color).map((color) => (
                <option key={color.value} value={color.value}>
                  {withCount(color.label, color, facets)}
                </option>
              ))}
            </select>
          </div>
        ) : null}

        {facets ? (
          <fieldset className="filters__group">
            <legend className="filters__label">Customer rating</legend>
            <label className="filters__choice">
              <input type="radio" name={`${id}-rating`} checked={params.rating === null} onChange={() => setFilters({ rating: null })} />
              Any rating
            </label>
            {[4, 3, 2, 1].map((step) => {
              const value = facets.ratings.find((r) => r.value === String(step));
              if (!value && params.rating !== step) return null;
              return (
                <label key={step} className="filters__choice">
                  <input
                    type="radio"
                    name={`${id}-rating`}
                    value={step}
                    checked={params.rating === step}
                    onChange={() => setFilters({ rating: step })}
                  />
                  {withCount(`${step}★ & above`, value, facets)}
                </label>
              );
            })}
          </fieldset>
        ) : null}

        <fieldset className="filters__group">
          <legend className="filters__label">Offers and availability</legend>
          <FilterCheckbox
            label="With Discount"
            checked={params.withDiscount}
            onChange={(withDiscount) => setFilters({ withDiscount })}
          />
          <FilterCheckbox
            label={facets && !facets.capped && facets.counted > 0 ? `In Stock Only (${formatCount(facets.inStock)})` : 'In Stock Only'}
            checked={params.inStock}
            onChange={(inStock) => setFilters({ inStock })}
          />
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
