import { graphqlDocument } from '../../../lib/graphql-document';
import { PRODUCT_SUMMARY_SELECTION, type ProductSummary } from '../../../lib/product-summary';

/** Home's sections (4, 6 and 4 products), in the order they are shown. */
export const HOME_SECTIONS = [
  { key: 'popular', tag: 'popular', title: 'Popular', count: 4 },
  { key: 'trending', tag: 'trending', title: 'Trending Now', count: 6 },
  { key: 'bestDeals', tag: 'bestDeals', title: 'Best Deals', count: 4 },
] as const;

export type HomeSectionKey = (typeof HOME_SECTIONS)[number]['key'];

export interface HomeCategory {
  index: number;
  name: string;
}

export type HomeData = { categories: HomeCategory[] } & Record<HomeSectionKey, { products: ProductSummary[] }>;

/** Everything Home shows from the catalog, in one request (sent without Apollo: Home stays light). */
export const HOME_QUERY = graphqlDocument('HomePage', `
  query HomePage {
    categories { index name }
    ${HOME_SECTIONS.map(
      (section) =>
        `${section.key}: productsByTag(tag: "${section.tag}", page: 1, limit: ${section.count}) { products { ${PRODUCT_SUMMARY_SELECTION} } }`,
    ).join('\n')}
  }
`);
