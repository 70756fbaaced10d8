import { Link, useSearchParams } from 'react-router-dom';
import { PageTitle } from '../../components/page-title';
import { ListingView } from '../../features/products/components/listing-view';
import { useListingParams } from '../../features/products/hooks/use-listing-params';
import { useProductListing } from '../../features/products/hooks/use-product-listing';

function SearchResults({ query }: { query: string }) {
  const control = useListingParams();
  const listing = useProductListing({ kind: 'search', query }, control.params);
  return (
    <>
      <PageTitle title={`Search results for “${query}”`} description={`Products matching “${query}” at ShopKart.`} />
      <ListingView
        title={
          <>
            Search results for <q className="listing__query">{query}</q>
          </>
        }
        crumb="Search"
        intro={
          listing.didYouMean ? (
            <span className="search-did-you-mean" role="status">
              {listing.didYouMean.corrected ? 'Showing results for ' : 'Did you mean '}
              <Link to={`/search?q=${encodeURIComponent(listing.didYouMean.text)}`}>
                <q>{listing.didYouMean.text}</q>
              </Link>
              {listing.didYouMean.corrected ? '' : '?'}
            </span>
          ) : undefined
        }
        listing={listing}
        control={control}
        emptyMessage={`No products match “${query}”. Check the spelling or try a more general word.`}
      />
    </>
  );
}

/** /search?q=…: the header search box leads here. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  if (!query) {
    return (
      <section className="not-found" aria-labelledby="search-empty-title">
        <PageTitle title="Search" />
        <h1 id="search-empty-title">Search ShopKart</h1>
        <p>Type a product name, a category or a brand in the search box above to find what you are looking for.</p>
      </section>
    );
  }
  return <SearchResults key={query} query={query} />;
}
