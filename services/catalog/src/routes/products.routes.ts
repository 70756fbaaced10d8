import { Router, type Response } from 'express';
import { gstRules, rateOfProduct } from '../domain/gst-rate.service';
import { CACHE_TAGS_HEADER, cacheTagsOf, registerRoute } from '@shop/platform';
import { rateBpToPercent } from '@shop/proto-contracts';
import { catalogManifest as routes } from '@shop/proto-contracts/routes';
import type { CatalogDeps } from '../domain/catalog-deps';
import { listCategoriesWithCounts } from '../domain/category-listing.service';
import { getProduct, listProducts, searchProducts } from '../domain/product-listing.service';
import { suggestSearch } from '../domain/search-suggest.service';
import { toRestProduct, type Product, type ProductPage } from '../domain/product.model';
import { productQueryOf, restPage } from './listing-query';

/**
 * These answers are the same for every caller: shared caches (the gateway's, a CDN) may keep them
 * for 10 s; browsers revalidate. Catalog events purge the gateway's copy at once (decision 0010).
 */
export const PUBLIC_READ_CACHE_CONTROL = 'public, max-age=0, s-maxage=10';

/** A successful public answer (errors are never marked cacheable), naming the products it shows. */
function sendPublic(res: Response, body: unknown, tags = cacheTagsOf(body)) {
  res.setHeader('Cache-Control', PUBLIC_READ_CACHE_CONTROL);
  res.setHeader(CACHE_TAGS_HEADER, tags);
  res.json(body);
}

/** A listing page with its cache tags: the products' ids, in order (what cacheTagsOf finds in it, without walking it). */
function sendPage(res: Response, page: ProductPage<Product>, extra: Record<string, unknown> = {}) {
  const ids = new Set<string>();
  for (const p of page.products) ids.add(p.id);
  sendPublic(res, { ...restPage(page), ...extra }, ['catalog', ...ids].join(' '));
}

/** The shopper's side of the catalog: open to everyone. */
export function productRoutes(deps: CatalogDeps): Router {
  const r = Router();

  registerRoute(r, routes['GET /products'], async (_req, res, { query: q }) => {
    sendPage(res, await listProducts(deps, productQueryOf(q)));
  });

  registerRoute(r, routes['GET /productsByTag'], async (_req, res, { query: q }) => {
    sendPage(res, await listProducts(deps, productQueryOf(q, { tag: q.tag })));
  });

  registerRoute(r, routes['GET /search'], async (_req, res, { query: q }) => {
    const page = await searchProducts(deps, { ...productQueryOf(q), search: q.q, size: q.size, color: q.color, minRating: q.rating }, { facets: q.facets });
    sendPage(res, page, { didYouMean: page.didYouMean, corrected: page.corrected, ...(page.facets ? { facets: page.facets } : {}) });
  });

  // Suggestions as a shopper types (decision 0060): the same for everyone, as public as the search.
  registerRoute(r, routes['GET /search/suggest'], async (_req, res, { query: q }) => {
    sendPublic(res, { success: true, ...(await suggestSearch(deps, q.q)) }, 'catalog');
  });

  registerRoute(r, routes['GET /product/:id'], async (_req, res, { params }) => {
    const product = await getProduct(deps, params.id);
    const rules = await gstRules(deps);
    const view = toRestProduct(product);
    // The GST rate (percent) the price includes, under the rate table now (decision 0046).
    sendPublic(res, { success: true, product: { ...view, gstRate: rateBpToPercent(rateOfProduct(rules, view.hsnCode, product.price)) } });
  });

  registerRoute(r, routes['GET /categories'], async (_req, res) => {
    sendPublic(res, { success: true, categories: await listCategoriesWithCounts(deps) });
  });

  return r;
}
