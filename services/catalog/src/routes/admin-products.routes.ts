import { Router } from 'express';
import { catalogMessages, reviewModerationMessages } from '@shop/proto-contracts';
import { catalogManifest as routes } from '@shop/proto-contracts/routes';
import { registerRoute } from '@shop/platform';
import type { CatalogDeps } from '../domain/catalog-deps';
import { createProduct, deleteProduct, updateProduct } from '../domain/product-admin.service';
import { listProductsForStaff } from '../domain/product-listing.service';
import { toRestProduct } from '../domain/product.model';
import { toRestReview } from '../domain/review.model';
import { deleteReview, listAllReviews, listReviews, moderateReview } from '../domain/review.service';
import { listLowStock } from '../domain/low-stock.service';
import { restPage } from './listing-query';

/** A query-string value as the review lookups take it ('' when absent). */
const trimmed = (v: string | undefined) => (v ?? '').trim();

/** Products and reviews administration: admin and emp, enforced here. */
export function adminProductRoutes(deps: CatalogDeps): Router {
  const r = Router();
  registerRoute(r, routes['GET /admin/products'], async (_req, res, { query }) => {
    res.json(restPage(await listProductsForStaff(deps, query)));
  });

  // Low stock (decision 0057): products and sizes at or under LOW_STOCK_THRESHOLD, fewest first.
  registerRoute(r, routes['GET /admin/products/low-stock'], async (_req, res, { query }) => {
    const found = await listLowStock(deps, query);
    res.set('Cache-Control', 'no-store').json({ success: true, ...found, totalProducts: found.total });
  });

  registerRoute(r, routes['POST /admin/product/create'], async (_req, res, { body }) => {
    const product = await createProduct(deps, body);
    res.status(201).json({ success: true, message: catalogMessages.productCreated, product: toRestProduct(product) });
  });

  registerRoute(r, routes['PUT /admin/product/:id'], async (_req, res, { params, body }) => {
    const product = await updateProduct(deps, params.id, body);
    res.json({ success: true, message: catalogMessages.productUpdated, product: toRestProduct(product) });
  });

  registerRoute(r, routes['DELETE /admin/product/:id'], async (_req, res, { params }) => {
    await deleteProduct(deps, params.id);
    res.json({ success: true, message: catalogMessages.productDeleted });
  });

  // With `id`: one product's reviews, as the spec has it. Without: the moderation list of all.
  registerRoute(r, routes['GET /admin/reviews'], async (_req, res, { query: { id, ...filter } }) => {
    if (id !== undefined) {
      const reviews = await listReviews(deps, trimmed(id));
      res.json({ success: true, reviews: reviews.map(toRestReview) });
      return;
    }
    const page = await listAllReviews(deps, filter);
    res.json({
      success: true,
      reviews: page.reviews.map(toRestReview),
      totalReviews: page.total,
      totalPages: page.totalPages,
      currentPage: page.currentPage,
    });
  });

  // Moderation (decision 0056): approve, or reject with the reason the reviewer sees.
  registerRoute(r, routes['PUT /admin/review/:id'], async (_req, res, { params, body: decision }) => {
    const review = await moderateReview(deps, params.id, decision);
    res.json({ success: true, message: decision.status === 'approved' ? reviewModerationMessages.approved : reviewModerationMessages.rejected, review: toRestReview(review) });
  });

  registerRoute(r, routes['DELETE /admin/reviews'], async (_req, res, { query }) => {
    await deleteReview(deps, trimmed(query.productId), trimmed(query.id));
    res.json({ success: true, message: catalogMessages.reviewDeleted });
  });

  return r;
}
