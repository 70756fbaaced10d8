import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { catalogMessages, type ProductCreateInput, type ProductUpdateInput } from '@shop/proto-contracts';
import { badRequest, conflict, enqueueEvent, notFound } from '@shop/platform';
import { products } from '../db/schema';
import type { CatalogDeps } from './catalog-deps';
import { isUniqueViolation, isUuid } from './catalog-errors';
import { categoryOfQuery, productColumns, withCategories } from './product-listing.service';
import { productChangedEvent, productDeletedEvent } from './product.events';
import { forgetSearchCandidates } from './search-candidates';
import { searchTextOf, type Product } from './product.model';
import { checkProductDraft } from './product.rules';

/**
 * Creates a product (staff). Only the fields of the contract are written: rating, review count,
 * id and timestamps are the server's. The row and ProductChanged commit together; a product code
 * that exists already (in any case) is a 409.
 */
export async function createProduct(deps: CatalogDeps, input: ProductCreateInput): Promise<Product> {
  const category = await categoryOfQuery(deps, input.category);
  const checked = checkProductDraft({ ...input, category });
  const now = deps.clock();
  const row = {
    id: randomUUID(),
    code: input.code,
    name: input.name,
    price: input.pricePaise,
    discount: input.discount,
    description: input.description,
    images: input.images,
    categoryId: category.id,
    subcat: checked.subcat,
    sizes: checked.sizes,
    colors: checked.colors,
    colorImages: checked.colorImages,
    stock: checked.stock,
    stockDetail: checked.stockDetail,
    badge: input.badge,
    hsnCode: input.hsnCode,
    tags: checked.tags,
    searchText: searchTextOf({ name: input.name, code: input.code, category, subcat: checked.subcat, colors: checked.colors, tags: checked.tags }),
    createdAt: now,
    updatedAt: now,
  };
  let created;
  try {
    created = await deps.db.transaction(async (tx) => {
      const [inserted] = await tx.insert(products).values(row).returning(productColumns);
      await enqueueEvent(tx, deps.schema, productChangedEvent(inserted));
      return inserted;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(catalogMessages.duplicateCode);
    throw err;
  }
  deps.publishEvents();
  forgetSearchCandidates(deps.db);
  return (await withCategories(deps, [created]))[0];
}

/**
 * Changes a product (staff). Fields left out keep their value; the code never changes. When the
 * category changes and sizes or colours are not given, those the new category does not offer are
 * dropped (the edit form has no size fields); a new subcategory must then be chosen.
 */
export async function updateProduct(deps: CatalogDeps, id: string, input: ProductUpdateInput): Promise<Product> {
  if (!isUuid(id)) throw badRequest(catalogMessages.invalidProductId);
  // Categories are read before the transaction: inside it only `tx` may be used.
  const all = await deps.categories.all();
  const requested = input.category !== undefined ? await categoryOfQuery(deps, input.category) : undefined;

  const updated = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!current) throw notFound(catalogMessages.productNotFound);
    const category = requested ?? all.find((c) => c.id === current.categoryId)!;
    const moved = category.id !== current.categoryId;
    const sizes = input.sizes ?? (moved ? current.sizes.filter((s) => category.sizeOptions.includes(s)) : current.sizes);
    const colors = input.colors ?? (moved && !category.colors ? [] : current.colors);
    const stockDetail = input.stockDetail ?? Object.fromEntries(Object.entries(current.stockDetail).filter(([size]) => sizes.includes(size)));
    // Pictures of a colour no longer offered go with it.
    const colorImages = input.colorImages ?? Object.fromEntries(Object.entries(current.colorImages).filter(([color]) => colors.includes(color)));
    const discount = input.discount ?? current.discount;
    const checked = checkProductDraft({
      category,
      subcat: input.subcat ?? (moved ? null : current.subcat),
      discount,
      stock: input.stock ?? current.stock,
      tags: input.tags ?? current.tags,
      sizes,
      colors,
      colorImages,
      stockDetail,
    });
    const name = input.name ?? current.name;
    const [row] = await tx
      .update(products)
      .set({
        name,
        price: input.pricePaise ?? current.price,
        discount,
        description: input.description ?? current.description,
        images: input.images ?? current.images,
        categoryId: category.id,
        subcat: checked.subcat,
        sizes: checked.sizes,
        colors: checked.colors,
        colorImages: checked.colorImages,
        stock: checked.stock,
        stockDetail: checked.stockDetail,
        badge: input.badge === undefined ? current.badge : input.badge,
        hsnCode: input.hsnCode === undefined ? current.hsnCode : input.hsnCode,
        tags: checked.tags,
        searchText: searchTextOf({ name, code: current.code, category, subcat: checked.subcat, colors: checked.colors, tags: checked.tags }),
        updatedAt: deps.clock(),
      })
      .where(eq(products.id, id))
      .returning(productColumns);
    await enqueueEvent(tx, deps.schema, productChangedEvent(row));
    return row;
  });
  deps.publishEvents();
  forgetSearchCandidates(deps.db);
  return (await withCategories(deps, [updated]))[0];
}

/** Deletes a product and its reviews (staff); ProductDeleted commits with it. */
export async function deleteProduct(deps: CatalogDeps, id: string): Promise<void> {
  if (!isUuid(id)) throw badRequest(catalogMessages.invalidProductId);
  await deps.db.transaction(async (tx) => {
    const [gone] = await tx.delete(products).where(eq(products.id, id)).returning({ id: products.id });
    if (!gone) throw notFound(catalogMessages.productNotFound);
    await enqueueEvent(tx, deps.schema, productDeletedEvent(gone));
  });
  deps.publishEvents();
  forgetSearchCandidates(deps.db);
}
