import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-error';
import { Pagination } from '../../../components/pagination';
import { ProductGrid } from '../../../components/product-grid';
import { Spinner } from '../../../components/spinner';
import { formatCount } from '../../../lib/format';
import type { ProductPage } from '../../../lib/product-summary';
import type { ListingSubcategory } from '../api/listing-documents';
import { activeFilterCount } from '../api/listing-params';
import type { ListingParamsControl } from '../hooks/use-listing-params';
import type { ProductListing } from '../hooks/use-product-listing';
import { ListingFilters } from './listing-filters';
import { Breadcrumbs } from '../../../components/breadcrumbs';

interface ListingViewProps {
  /** The page heading: the category or tag name, or the search. */
  title: ReactNode;
  /** A line under the heading. */
  intro?: ReactNode;
  /** The breadcrumb's last item. */
  crumb: string;
  listing: ProductListing;
  control: ListingParamsControl;
  subcategories?: ListingSubcategory[];
  /** What an empty result says when no filter is set (a search names what was searched for). */
  emptyMessage?: string;
}

/** The total as shown: "1,000+" when a search counted up to its cap and no further (decision 0040). */
function shownCount(page: Pick<ProductPage, 'productCount' | 'productCountCapped'>): string {
  return `${formatCount(page.productCount)}${page.productCountCapped ? '+' : ''}`;
}

function resultSummary(page: ProductPage): string {
  if (page.productCount === 0 || page.products.length === 0) return 'No products';
  const first = (page.currentPage - 1) * page.resultsPerPage + 1;
  const last = first + page.products.length - 1;
  const noun = page.productCount === 1 && !page.productCountCapped ? 'product' : 'products';
  return page.totalPages > 1
    ? `Showing ${formatCount(first)}–${formatCount(last)} of ${shownCount(page)} ${noun}`
    : `${shownCount(page)} ${noun}`;
}

/** A product listing: heading, filter panel, results with loading, empty and error states, pages. */
export function ListingView({ title, intro, crumb, listing, control, subcategories, emptyMessage }: ListingViewProps) {
  const { page, previousPage, loading, failed, retry } = listing;
  const activeCount = activeFilterCount(control.params);
  const shown = page ?? (loading ? previousPage : undefined);

  let results: ReactNode;
  if (failed) {
    results = <LoadError onRetry={retry} detail="We could not load these products. Please try again." />;
  } else if (!shown) {
    results = (
      <div className="listing__loading" role="status">
        <Spinner size="lg" />
        <span>Loading products…</span>
      </div>
    );
  } else if (shown.products.length === 0) {
    results = (
      <div className="listing__empty">
        <p>{activeCount === 0 && emptyMessage ? emptyMessage : 'No products found with selected filters.'}</p>
        {activeCount > 0 ? (
          <button type="button" className="btn btn--outline btn--sm" onClick={control.clearFilters}>
            Clear all
          </button>
        ) : null}
      </div>
    );
  } else {
    results = (
      <div className={`listing__grid${page ? '' : ' is-stale'}`}>
        <ProductGrid products={shown.products} layout="listing" eagerCount={4} />
        {page ? null : (
          <div className="listing__overlay" role="status">
            <Spinner size="lg" />
            <span className="sr-only">Loading products…</span>
          </div>
        )}
      </div>
    );
  }

  return (
    <div className="container listing">
      <Breadcrumbs trail={[{ label: 'Home', to: '/' }, { label: crumb }]} />
      <header className="listing__head">
        <h1 className="listing__title">{title}</h1>
        {intro ? <p className="listing__intro">{intro}</p> : null}
      </header>
      <div className="listing__layout">
        <ListingFilters
          control={control}
          activeCount={activeCount}
          subcategories={subcategories}
          facets={listing.facets}
          resultCount={page ? { count: page.productCount, capped: page.productCountCapped } : undefined}
        />
        <section className="listing__results" aria-labelledby="listing-results-title" aria-busy={loading}>
          <div className="listing__toolbar">
            <h2 id="listing-results-title" className="sr-only">
              Products
            </h2>
            {/* An empty result says so below; the count stays for screen readers only. */}
            <p className={page && page.products.length === 0 ? 'sr-only' : 'listing__count'} aria-live="polite">
              {page ? resultSummary(page) : ''}
            </p>
          </div>
          {results}
          {shown && !failed ? (
            <Pagination current={shown.currentPage} total={shown.totalPages} onChange={control.setPage} />
          ) : null}
        </section>
      </div>
    </div>
  );
}
