import { Router } from 'express';
import { catalogMessages } from '@shop/proto-contracts';
import { catalogManifest as routes } from '@shop/proto-contracts/routes';
import { registerRoute } from '@shop/platform';
import type { CatalogDeps } from '../domain/catalog-deps';
import { createCategory, deleteCategory, updateCategory, type ChangedCategory } from '../domain/category-admin.service';
import { listCategoriesWithCounts } from '../domain/category-listing.service';

/** A changed category as GET /categories shows it; a subcategory with its parent's id. */
export function categoryAnswer(changed: ChangedCategory) {
  if (changed.kind === 'category') return { ...changed.category, sizeOptions: [...changed.category.sizeOptions] };
  return { ...changed.subcategory, hidden: Boolean(changed.subcategory.hidden), parentId: changed.parent.id };
}

/** Category administration: staff read every category (hidden ones too); only an admin changes them. */
export function adminCategoryRoutes(deps: CatalogDeps): Router {
  const r = Router();
  registerRoute(r, routes['GET /admin/categories'], async (_req, res) => {
    res.json({ success: true, categories: await listCategoriesWithCounts(deps, { includeHidden: true }) });
  });

  registerRoute(r, routes['POST /admin/categories'], async (_req, res, { body }) => {
    const changed = await createCategory(deps, body);
    res.status(201).json({ success: true, message: catalogMessages.categoryCreated, category: categoryAnswer(changed) });
  });

  registerRoute(r, routes['PUT /admin/categories/:id'], async (_req, res, { params, body }) => {
    const changed = await updateCategory(deps, params.id, body);
    res.json({ success: true, message: catalogMessages.categoryUpdated, category: categoryAnswer(changed) });
  });

  registerRoute(r, routes['DELETE /admin/categories/:id'], async (_req, res, { params }) => {
    await deleteCategory(deps, params.id);
    res.json({ success: true, message: catalogMessages.categoryDeleted });
  });

  return r;
}
