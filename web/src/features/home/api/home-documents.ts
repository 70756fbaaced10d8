import { graphqlDocument, type ResultOf } from '../../../lib/graphql-document';
import { PRODUCT_SUMMARY_SELECTION } from '../../../lib/product-summary';

/** Home's sections (4, 6 and 4 products), in the order they are shown. */
export const HOME_SECTIONS = [
  { key: 'popular', tag: 'popular', title: 'Popular', count: 4 },
  { key: 'trending', tag: 'trending', title: 'Trending Now', count: 6 },
  { key: 'bestDeals', tag: 'bestDeals', title: 'Best Deals', count: 4 },
] as const;

export type HomeSectionKey = (typeof HOME_SECTIONS)[number]['key'];

/** Everything Home shows from the catalog, in one request. */
export const HOME_QUERY = graphqlDocument('HomePage', `
  query HomePage {
    categories { index name }
    ${HOME_SECTIONS.map(
      (section) =>
        `${section.key}: productsByTag(tag: "${section.tag}", page: 1, limit: ${section.count}) { products { ${PRODUCT_SUMMARY_SELECTION} } }`,
    ).join('\n')}
  }
`);

/** Categories and the sections' products, each section under its key (the aliases of HOME_QUERY). */
export type HomeData = ResultOf<typeof HOME_QUERY>;
export type HomeCategory = HomeData['categories'][number];
