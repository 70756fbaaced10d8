import express, { Router } from 'express';
import { productLookupSchema } from '@shop/proto-contracts';
import type { CatalogDeps } from '../domain/catalog-deps';
import { productsByIds } from '../domain/product-listing.service';
import { toRestProduct } from '../domain/product.model';
import { parseInput } from '../parse-input';
import { requireInternalToken } from './internal-auth';

/**
 * Many products in one answer for other services (the cart's guest-cart merge), under
 * /internal/v1: one query however many ids, so a caller never asks product by product (decision
 * 0097). Without an internal token configured the route does not exist (404); a wrong token is a 401.
 */
export function productLookupRoutes(deps: CatalogDeps, internalToken: string | undefined): Router {
  const r = Router();
  if (!internalToken) return r;

  r.post('/products/lookup', requireInternalToken(internalToken), express.json({ limit: '20kb' }), async (req, res) => {
    const { ids } = parseInput(productLookupSchema, req.body);
    const found = await productsByIds(deps, ids);
    res.json({ success: true, products: [...found.values()].map(toRestProduct) });
  });

  return r;
}
