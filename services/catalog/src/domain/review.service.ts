import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { catalogMessages, type ReviewInput } from '@shop/proto-contracts';
import { badRequest, enqueueEvent, notFound, type Tx } from '@shop/platform';
import { products, reviews, type ReviewRow } from '../db/schema';
import type { CatalogDeps } from './catalog-deps';
import { isUuid } from './catalog-errors';
import { productChangedEvent } from './product.events';
import { withCategories, productColumns } from './product-listing.service';
import type { Product } from './product.model';
import { reviewerName } from './review.model';

/** Locks the product row, so reviews of one product are recounted one after the other. */
async function lockProduct(tx: Tx, productId: string): Promise<void> {
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
  if (!row) throw notFound(catalogMessages.productNotFound);
}

/**
 * Sets a product's rating (average, 1 decimal, half-up) and review count from its reviews, and
 * announces the change (ProductChanged: cached product pages and listings show the new rating).
 */
async function recountReviews(deps: CatalogDeps, tx: Tx, productId: string) {
  await tx.execute(sql`update ${products} set
      rating = coalesce(agg.average, 0), review_count = agg.n
    from (select round(avg(rating)::numeric, 1) as average, count(*)::int as n from ${reviews} where product_id = ${productId}) agg
    where ${products.id} = ${productId}`);
  const [product] = await tx.select(productColumns).from(products).where(eq(products.id, productId));
  await enqueueEvent(tx, deps.schema, productChangedEvent(product));
  return product;
}

/**
 * Adds the user's review of a product, or replaces their earlier one (one per user and product),
 * and recounts the product's rating and review count in the same transaction.
 */
export async function upsertReview(
  deps: CatalogDeps,
  reviewer: { userId: string; name?: string },
  input: ReviewInput,
): Promise<{ review: ReviewRow; created: boolean; product: Product }> {
  if (!isUuid(input.productId)) throw badRequest(catalogMessages.invalidProductId);
  const now = deps.clock();
  const result = await deps.db.transaction(async (tx) => {
    await lockProduct(tx, input.productId);
    const [saved] = await tx
      .insert(reviews)
      .values({
        id: randomUUID(),
        productId: input.productId,
        userId: reviewer.userId,
        userName: reviewerName(reviewer.name),
        rating: input.rating,
        comment: input.comment,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [reviews.productId, reviews.userId],
        set: { rating: input.rating, comment: input.comment, userName: reviewerName(reviewer.name), updatedAt: now },
      })
      // xmax is 0 only on a row this statement inserted (not on one it updated).
      .returning({ ...getTableColumns(reviews), inserted: sql<boolean>`(xmax = 0)` });
    const product = await recountReviews(deps, tx, input.productId);
    return { saved, product };
  });
  const [product] = await withCategories(deps, [result.product]);
  const { inserted, ...review } = result.saved;
  return { review, created: Boolean(inserted), product };
}

async function assertProductExists(deps: CatalogDeps, productId: string) {
  if (!isUuid(productId)) throw badRequest(catalogMessages.invalidProductId);
  const [row] = await deps.db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!row) throw notFound(catalogMessages.productNotFound);
}

/** Every review of a product, newest first (staff). */
export async function listReviews(deps: CatalogDeps, productId: string): Promise<ReviewRow[]> {
  await assertProductExists(deps, productId);
  return deps.db.select().from(reviews).where(eq(reviews.productId, productId)).orderBy(desc(reviews.createdAt), asc(reviews.id));
}

/** A page of a product's reviews, newest first. */
export async function reviewPage(deps: CatalogDeps, productId: string, page: number, limit: number) {
  const p = Math.max(1, Math.trunc(page) || 1);
  const n = Math.max(1, Math.min(50, Math.trunc(limit) || 10));
  const [{ total }] = await deps.db.select({ total: sql<number>`count(*)::int` }).from(reviews).where(eq(reviews.productId, productId));
  const rows = total
    ? await deps.db.select().from(reviews).where(eq(reviews.productId, productId)).orderBy(desc(reviews.createdAt), asc(reviews.id)).limit(n).offset((p - 1) * n)
    : [];
  return { reviews: rows, total, totalPages: Math.ceil(total / n), currentPage: p };
}

/** The user's own review of a product, if any. */
export async function findUserReview(deps: CatalogDeps, productId: string, userId: string): Promise<ReviewRow | undefined> {
  if (!isUuid(productId) || !isUuid(userId)) return undefined;
  const [row] = await deps.db.select().from(reviews).where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
  return row;
}

/** Deletes one review of a product (staff) and recounts the product's rating and review count. */
export async function deleteReview(deps: CatalogDeps, productId: string, reviewId: string): Promise<void> {
  if (!isUuid(productId)) throw badRequest(catalogMessages.invalidProductId);
  if (!isUuid(reviewId)) throw badRequest(catalogMessages.invalidReviewId);
  await deps.db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const [gone] = await tx.delete(reviews).where(and(eq(reviews.id, reviewId), eq(reviews.productId, productId))).returning({ id: reviews.id });
    if (!gone) throw notFound(catalogMessages.reviewNotFound);
    await recountReviews(deps, tx, productId);
  });
}
