import { Router } from 'express';
import { catalogMessages, categoryCreateSchema, categoryUpdateSchema } from '@shop/proto-contracts';
import { requireRole } from '@shop/platform';
import type { CatalogDeps } from '../domain/catalog-deps';
import { createCategory, deleteCategory, updateCategory, type ChangedCategory } from '../domain/category-admin.service';
import { listCategoriesWithCounts } from '../domain/category-listing.service';
import { parseInput } from '../parse-input';

/** A changed category as GET /categories shows it; a subcategory with its parent's id. */
export function categoryAnswer(changed: ChangedCategory) {
  if (changed.kind === 'category') return { ...changed.category, sizeOptions: [...changed.category.sizeOptions] };
  return { ...changed.subcategory, hidden: Boolean(changed.subcategory.hidden), parentId: changed.parent.id };
}

/** Category administration: staff read every category (hidden ones too); only an admin changes them. */
export function adminCategoryRoutes(deps: CatalogDeps): Router {
  const r = Router();
  const staff = requireRole('admin', 'emp');
  const admin = requireRole('admin');

  r.get('/admin/categories', staff, async (_req, res) => {
    res.json({ success: true, categories: await listCategoriesWithCounts(deps, { includeHidden: true }) });
  });

  r.post('/admin/categories', admin, async (req, res) => {
    const changed = await createCategory(deps, parseInput(categoryCreateSchema, req.body));
    res.status(201).json({ success: true, message: catalogMessages.categoryCreated, category: categoryAnswer(changed) });
  });

  r.put('/admin/categories/:id', admin, async (req, res) => {
    const changed = await updateCategory(deps, String(req.params.id), parseInput(categoryUpdateSchema, req.body));
    res.json({ success: true, message: catalogMessages.categoryUpdated, category: categoryAnswer(changed) });
  });

  r.delete('/admin/categories/:id', admin, async (req, res) => {
    await deleteCategory(deps, String(req.params.id));
    res.json({ success: true, message: catalogMessages.categoryDeleted });
  });

  return r;
}
