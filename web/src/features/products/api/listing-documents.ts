import { graphqlDocument, type ResultOf } from '../../../lib/graphql-document';
import { PRODUCT_PAGE_SELECTION } from '../../../lib/product-summary';

/** Products per listing page (12 unless the client asks: a multiple of 2, 3 and 4 columns). */
export const LISTING_PAGE_SIZE = 12;

const LISTING_VARIABLES = '$filter: ProductFilter, $page: Int, $limit: Int';
const LISTING_ARGUMENTS = 'filter: $filter, page: $page, limit: $limit';

/** A category (by index or slug) with one page of its products. */
export const CATEGORY_LISTING_QUERY = graphqlDocument('CategoryListing', `
  query CategoryListing($category: String!, ${LISTING_VARIABLES}) {
    category(key: $category) {
      id
      index
      str
      name
      subcategories { id str name }
    }
    products(${LISTING_ARGUMENTS}) { ${PRODUCT_PAGE_SELECTION} }
  }
`);

export const TAG_LISTING_QUERY = graphqlDocument('TagListing', `
  query TagListing($tag: String!, ${LISTING_VARIABLES}) {
    productsByTag(tag: $tag, ${LISTING_ARGUMENTS}) { ${PRODUCT_PAGE_SELECTION} }
  }
`);

/** The facets of a search's matches (decision 0059), as the contracts define them. */
export type { FacetValue, SearchFacets } from '@shop/proto-contracts/web';

const FACET_VALUE = '{ value label count }';

export const SEARCH_LISTING_QUERY = graphqlDocument('SearchProducts', `
  query SearchProducts($query: String!, ${LISTING_VARIABLES}) {
    searchProducts(query: $query, ${LISTING_ARGUMENTS}) {
      ${PRODUCT_PAGE_SELECTION}
      didYouMean
      corrected
      facets {
        counted
        capped
        inStock
        categories ${FACET_VALUE}
        priceBands ${FACET_VALUE}
        sizes ${FACET_VALUE}
        colors ${FACET_VALUE}
        ratings ${FACET_VALUE}
      }
    }
  }
`);

export type CategoryListingData = ResultOf<typeof CATEGORY_LISTING_QUERY>;
export type TagListingData = ResultOf<typeof TAG_LISTING_QUERY>;
export type SearchListingData = ResultOf<typeof SEARCH_LISTING_QUERY>;
export type ListingCategory = NonNullable<CategoryListingData['category']>;
export type ListingSubcategory = ListingCategory['subcategories'][number];

/** What any of the three listing operations answers. */
export type ListingAnswer = Partial<CategoryListingData & TagListingData & SearchListingData>;
