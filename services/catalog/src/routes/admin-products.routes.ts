import { Router, type Request } from 'express';
import {
  adminProductQuerySchema,
  adminReviewsQuerySchema,
  catalogMessages,
  moderateReviewSchema,
  productCreateSchema,
  productUpdateSchema,
  reviewModerationMessages,
  reviewStatusFilterSchema,
} from '@shop/proto-contracts';
import { requireRole } from '@shop/platform';
import type { CatalogDeps } from '../domain/catalog-deps';
import { createProduct, deleteProduct, updateProduct } from '../domain/product-admin.service';
import { listProductsForStaff } from '../domain/product-listing.service';
import { toRestProduct } from '../domain/product.model';
import { toRestReview } from '../domain/review.model';
import { deleteReview, listAllReviews, listReviews, moderateReview } from '../domain/review.service';
import { listLowStock } from '../domain/low-stock.service';
import { parseInput } from '../parse-input';
import { restPage } from './listing-query';

/** A single query-string value ('' when absent or repeated). */
const queryValue = (req: Request, name: string) => {
  const v = req.query[name];
  return typeof v === 'string' ? v.trim() : '';
};

/** Products and reviews administration: admin and emp, enforced here. */
export function adminProductRoutes(deps: CatalogDeps): Router {
  const r = Router();
  const staff = requireRole('admin', 'emp');

  r.get('/admin/products', staff, async (req, res) => {
    res.json(restPage(await listProductsForStaff(deps, parseInput(adminProductQuerySchema, req.query))));
  });

  // Low stock (decision 0057): products and sizes at or under LOW_STOCK_THRESHOLD, fewest first.
  r.get('/admin/products/low-stock', staff, async (req, res) => {
    const { page, limit } = parseInput(adminProductQuerySchema, { page: req.query.page, limit: req.query.limit });
    const found = await listLowStock(deps, { page, limit });
    res.set('Cache-Control', 'no-store').json({ success: true, ...found, totalProducts: found.total });
  });

  r.post('/admin/product/create', staff, async (req, res) => {
    const product = await createProduct(deps, parseInput(productCreateSchema, req.body));
    res.status(201).json({ success: true, message: catalogMessages.productCreated, product: toRestProduct(product) });
  });

  r.put('/admin/product/:id', staff, async (req, res) => {
    const product = await updateProduct(deps, String(req.params.id), parseInput(productUpdateSchema, req.body));
    res.json({ success: true, message: catalogMessages.productUpdated, product: toRestProduct(product) });
  });

  r.delete('/admin/product/:id', staff, async (req, res) => {
    await deleteProduct(deps, String(req.params.id));
    res.json({ success: true, message: catalogMessages.productDeleted });
  });

  // With `id`: one product's reviews, as the spec has it. Without: the moderation list of all.
  r.get('/admin/reviews', staff, async (req, res) => {
    if (req.query.id !== undefined) {
      const reviews = await listReviews(deps, queryValue(req, 'id'));
      res.json({ success: true, reviews: reviews.map(toRestReview) });
      return;
    }
    const { status } = parseInput(reviewStatusFilterSchema, req.query);
    const page = await listAllReviews(deps, { ...parseInput(adminReviewsQuerySchema, req.query), status });
    res.json({
      success: true,
      reviews: page.reviews.map(toRestReview),
      totalReviews: page.total,
      totalPages: page.totalPages,
      currentPage: page.currentPage,
    });
  });

  // Moderation (decision 0056): approve, or reject with the reason the reviewer sees.
  r.put('/admin/review/:id', staff, async (req, res) => {
    const decision = parseInput(moderateReviewSchema, req.body);
    const review = await moderateReview(deps, String(req.params.id), decision);
    res.json({ success: true, message: decision.status === 'approved' ? reviewModerationMessages.approved : reviewModerationMessages.rejected, review: toRestReview(review) });
  });

  r.delete('/admin/reviews', staff, async (req, res) => {
    await deleteReview(deps, queryValue(req, 'productId'), queryValue(req, 'id'));
    res.json({ success: true, message: catalogMessages.reviewDeleted });
  });

  return r;
}
