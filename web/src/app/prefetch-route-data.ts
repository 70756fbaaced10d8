import { HOME_QUERY } from '../features/home/api/home-documents';
import { PRODUCT_DETAIL_QUERY } from '../features/product/api/product-documents';
import { listingRequest, parseListingParams, type ListingSource } from '../features/products/api/listing-params';
import { detailImageSources, preloadImage } from '../lib/product-images';
import { resolveTag } from '../lib/product-tags';
import { prefetchQuery } from '../lib/query-cache';

function listingSourceOf(pathname: string, search: URLSearchParams): ListingSource | null {
  const tag = /^\/products\/tag(?:\/([^/]+))?\/?$/.exec(pathname);
  if (tag) {
    const found = resolveTag(tag[1] === undefined ? undefined : decodeURIComponent(tag[1]));
    return found ? { kind: 'tag', tag: found.key } : null;
  }
  const category = /^\/products\/([^/]+)\/?$/.exec(pathname);
  if (category) return { kind: 'category', category: decodeURIComponent(category[1]) };
  const query = search.get('q')?.trim();
  if (pathname === '/search' && query) return { kind: 'search', query };
  return null;
}

/**
 * Sends the catalog request of the page the visitor lands on at once, while the page's code is
 * still downloading, instead of after it (one round trip less before products show). The page's
 * own query (same operation, same variables) picks the answer up.
 */
export function prefetchRouteData({ pathname, search }: { pathname: string; search: string }): void {
  try {
    if (pathname === '/') {
      void prefetchQuery(HOME_QUERY);
      return;
    }
    // The largest paint of a product page is its first image, of a listing the first card's:
    // they start loading as soon as their address is known, not once the page has rendered.
    const product = /^\/product\/([^/]+)\/?$/.exec(pathname);
    if (product) {
      void prefetchQuery(PRODUCT_DETAIL_QUERY, {
        id: decodeURIComponent(product[1]),
      }).then((data) => {
        const first = data?.product?.image[0];
        if (first) preloadImage(detailImageSources(first));
      });
      return;
    }
    const params = new URLSearchParams(search);
    const source = listingSourceOf(pathname, params);
    if (source) {
      const { document, variables } = listingRequest(source, parseListingParams(params));
      void prefetchQuery(document, variables).then((data) => {
        const page = data?.products ?? data?.productsByTag ?? data?.searchProducts;
        const thumbnail = page?.products[0]?.thumbnail;
        if (thumbnail) preloadImage({ src: thumbnail });
      });
    }
  } catch {
    /* a malformed address: the page itself will say so */
  }
}
