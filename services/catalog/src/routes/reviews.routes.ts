import { Router } from 'express';
import { reviewSchema } from '@shop/proto-contracts';
import { requireLogin } from '@shop/platform';
import type { CatalogDeps } from '../domain/catalog-deps';
import { reviewMessage, toRestReview } from '../domain/review.model';
import { upsertReview } from '../domain/review.service';
import { parseInput } from '../parse-input';

/** PUT /review: a logged-in shopper's one review of a product (a second one replaces the first). */
export function reviewRoutes(deps: CatalogDeps): Router {
  const r = Router();

  r.put('/review', requireLogin, async (req, res) => {
    const input = parseInput(reviewSchema, req.body);
    const { review, created } = await upsertReview(deps, { userId: req.principal!.userId, name: req.principal!.name }, input);
    res.json({ success: true, message: reviewMessage(review.status, created), review: toRestReview(review) });
  });

  return r;
}
