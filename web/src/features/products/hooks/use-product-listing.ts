import { useEffect } from 'react';
import { getErrorCode } from '../../../lib/api-errors';
import { GraphQLResponseError } from '../../../lib/graphql-request';
import type { ProductPage } from '../../../lib/product-summary';
import { toastFailure } from '../../../lib/toast-failure';
import { useGraphQLQuery } from '../../../lib/use-graphql-query';
import type { ListingAnswer, ListingCategory, SearchFacets } from '../api/listing-documents';
import { listingRequest, type ListingParams, type ListingSource } from '../api/listing-params';

/** The toast of a product list that failed to load. */
const LISTING_ERROR = 'Failed to fetch products. Please try again later.';

export interface ProductListing {
  /** The page for the current filters. */
  page: ProductPage | undefined;
  /** The page shown before the filters changed, kept on screen (dimmed) while the new one loads. */
  previousPage: ProductPage | undefined;
  /** Searches: the words as corrected, or a text that finds something (decision 0060). */
  didYouMean: { text: string; corrected: boolean } | undefined;
  /** Searches: the facets of the matches (kept from the previous filters while new ones load). */
  facets: SearchFacets | undefined;
  /** Category listings: the category, once known. */
  category: ListingCategory | undefined;
  /** The category of the route does not exist. */
  notFound: boolean;
  loading: boolean;
  failed: boolean;
  retry(): void;
}

type ListingData = ListingAnswer;

function pageOf(data: ListingData | undefined): ProductPage | undefined {
  return data?.products ?? data?.productsByTag ?? data?.searchProducts;
}

/** One page of a category, tag or search listing with the filters of the query string. */
export function useProductListing(source: ListingSource, params: ListingParams, { skip = false } = {}): ProductListing {
  const { document, variables } = listingRequest(source, params);
  const { data, previousData, error, loading, refetch } = useGraphQLQuery(document, variables, { skip });

  // A category that does not exist comes back as null, or its filter is refused as bad input.
  const partial = error instanceof GraphQLResponseError ? (error.data as ListingData | null) : null;
  const notFound =
    source.kind === 'category' &&
    (data?.category === null || partial?.category === null || (!partial?.category && getErrorCode(error) === 'BAD_USER_INPUT'));

  useEffect(() => {
    if (error && !notFound) toastFailure(error, LISTING_ERROR, { toastId: 'listing-error' });
  }, [error, notFound]);

  // While other filters load, the heading keeps the category it already knows.
  const routeCategory = source.kind === 'category' ? source.category : null;
  const previousCategory = previousData?.category;
  const knownCategory =
    previousCategory && (String(previousCategory.index) === routeCategory || previousCategory.str === routeCategory)
      ? previousCategory
      : undefined;

  return {
    page: pageOf(data),
    previousPage: pageOf(previousData),
    facets: data?.searchProducts?.facets ?? previousData?.searchProducts?.facets ?? undefined,
    didYouMean: data?.searchProducts?.didYouMean ? { text: data.searchProducts.didYouMean, corrected: data.searchProducts.corrected } : undefined,
    category: data?.category ?? partial?.category ?? knownCategory,
    notFound,
    loading: loading && !skip,
    failed: Boolean(error) && !data && !notFound,
    retry: refetch,
  };
}
