import { graphqlDocument } from '../../../lib/graphql-document';
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

export interface SearchSuggestions {
  query: string;
  products: Array<{ id: string; name: string; price: number; thumbnail: string | null; category: string }>;
  categories: Array<{ index: number; str: string; name: string }>;
}
