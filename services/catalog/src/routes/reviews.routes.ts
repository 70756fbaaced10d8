import { Router } from 'express';
import { catalogManifest as routes } from '@shop/proto-contracts/routes';
import { registerRoute } from '@shop/platform';
import type { CatalogDeps } from '../domain/catalog-deps';
import { reviewMessage, toRestReview } from '../domain/review.model';
import { upsertReview } from '../domain/review.service';

/** PUT /review: a logged-in shopper's one review of a product (a second one replaces the first). */
export function reviewRoutes(deps: CatalogDeps): Router {
  const r = Router();

  registerRoute(r, routes['PUT /review'], async (req, res, { body: input }) => {
    const { review, created } = await upsertReview(deps, { userId: req.principal!.userId, name: req.principal!.name }, input);
    res.json({ success: true, message: reviewMessage(review.status, created), review: toRestReview(review) });
  });

  return r;
}
