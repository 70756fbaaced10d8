import { Router } from 'express';
import { productListQuerySchema, productSearchQuerySchema, productTagQuerySchema } from '@shop/proto-contracts';
import type { CatalogDeps } from '../domain/catalog-deps';
import { listCategoriesWithCounts } from '../domain/category-listing.service';
import { getProduct, listProducts, searchProducts } from '../domain/product-listing.service';
import { toRestProduct } from '../domain/product.model';
import { parseInput } from '../parse-input';
import { productQueryOf, restPage } from './listing-query';

/** The shopper's side of the catalog (spec section 7, "Products and reviews"): open to everyone. */
export function productRoutes(deps: CatalogDeps): Router {
  const r = Router();

  r.get('/products', async (req, res) => {
    const q = parseInput(productListQuerySchema, req.query);
    res.json(restPage(await listProducts(deps, productQueryOf(q))));
  });

  r.get('/productsByTag', async (req, res) => {
    const q = parseInput(productTagQuerySchema, req.query);
    res.json(restPage(await listProducts(deps, productQueryOf(q, { tag: q.tag }))));
  });

  r.get('/search', async (req, res) => {
    const q = parseInput(productSearchQuerySchema, req.query);
    res.json(restPage(await searchProducts(deps, { ...productQueryOf(q), search: q.q })));
  });

  r.get('/product/:id', async (req, res) => {
    res.json({ success: true, product: toRestProduct(await getProduct(deps, String(req.params.id))) });
  });

  r.get('/categories', async (_req, res) => {
    res.json({ success: true, categories: await listCategoriesWithCounts(deps) });
  });

  return r;
}
