import { graphqlDocument, type ResultOf } from '../../../lib/graphql-document';
/** The header search box's suggestions as one types (decision 0060). */
export const SEARCH_SUGGESTIONS_QUERY = graphqlDocument('SearchSuggestions', `
  query SearchSuggestions($query: String!) {
    searchSuggestions(query: $query) {
      query
      products { id name price thumbnail category }
      categories { index str name }
    }
  }
`);

export type SearchSuggestions = ResultOf<typeof SEARCH_SUGGESTIONS_QUERY>['searchSuggestions'];
