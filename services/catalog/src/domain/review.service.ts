import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, or, sql, type SQL } from 'drizzle-orm';
import { catalogMessages, type AdminReviewsQuery, type ModerateReview, type ReviewInput, type ReviewStatus } from '@shop/proto-contracts';
import { badRequest, enqueueEvent, notFound, type Tx } from '@shop/platform';
import { products, reviews, verifiedPurchases, type ReviewRow } from '../db/schema';
import type { CatalogDeps } from './catalog-deps';
import { isUuid } from './catalog-errors';
import { productChangedEvent } from './product.events';
import { withCategories, productColumns } from './product-listing.service';
import type { Product } from './product.model';
import { reviewerName, type ReviewView } from './review.model';

/** Whether the reviewer received the product (a delivered order of it): a verified purchase. */
// The review's columns are named with their table: drizzle writes a lone column unqualified, which
// inside the subquery would mean the subquery's own column.
const isVerified = sql<boolean>`exists (select 1 from ${verifiedPurchases} v where v.user_id = "reviews"."user_id" and v.product_id = "reviews"."product_id")`;
const reviewColumns = { ...getTableColumns(reviews), verifiedPurchase: isVerified };

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
    from (select round(avg(rating)::numeric, 1) as average, count(*)::int as n from ${reviews} where product_id = ${productId} and status = 'approved') agg
    where ${products.id} = ${productId}`);
  const [product] = await tx.select(productColumns).from(products).where(eq(products.id, productId));
  await enqueueEvent(tx, deps.schema, productChangedEvent(product));
  return product;
}

/**
 * Adds the user's review of a product, or replaces their earlier one (one per user and product),
 * and recounts the product's rating and review count in the same transaction. With moderation on
 * (decision 0056) the new text waits for approval again, and is not counted until then.
 */
export async function upsertReview(
  deps: CatalogDeps,
  reviewer: { userId: string; name?: string },
  input: ReviewInput,
): Promise<{ review: ReviewView; created: boolean; product: Product }> {
  if (!isUuid(input.productId)) throw badRequest(catalogMessages.invalidProductId);
  const now = deps.clock();
  const status: ReviewStatus = deps.reviewsNeedApproval ? 'pending' : 'approved';
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
        status,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [reviews.productId, reviews.userId],
        set: { rating: input.rating, comment: input.comment, userName: reviewerName(reviewer.name), status, rejectionReason: null, moderatedAt: null, updatedAt: now },
      })
      // xmax is 0 only on a row this statement inserted (not on one it updated).
      .returning({ ...reviewColumns, inserted: sql<boolean>`(xmax = 0)` });
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
export async function listReviews(deps: CatalogDeps, productId: string): Promise<ReviewView[]> {
  await assertProductExists(deps, productId);
  return deps.db.select(reviewColumns).from(reviews).where(eq(reviews.productId, productId)).orderBy(desc(reviews.createdAt), asc(reviews.id));
}

/** `%text%` for LIKE, with the text's own wildcards taken literally. */
const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Staff moderation: every review, newest first, with its product's name; filtered by status
 * (the queue is `pending`), rating and product, searched in the comment, the reviewer's name and the product's name. A page past the
 * end is empty with the real totals.
 */
export async function listAllReviews(deps: CatalogDeps, query: AdminReviewsQuery & { status?: ReviewStatus }) {
  const parts: SQL[] = [];
  if (query.status) parts.push(eq(reviews.status, query.status));
  if (query.rating) parts.push(eq(reviews.rating, query.rating));
  if (query.productId) parts.push(eq(reviews.productId, query.productId));
  if (query.q) {
    const like = likeContaining(query.q);
    parts.push(or(sql`${reviews.comment} ilike ${like}`, sql`${reviews.userName} ilike ${like}`, sql`${products.name} ilike ${like}`)!);
  }
  const where = parts.length ? and(...parts) : undefined;
  const [{ n }] = await deps.db.select({ n: count() }).from(reviews).innerJoin(products, eq(products.id, reviews.productId)).where(where);
  const rows = n
    ? await deps.db
        .select({ ...reviewColumns, productName: products.name })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(where)
        .orderBy(desc(reviews.createdAt), asc(reviews.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
    : [];
  return { reviews: rows, total: n, totalPages: Math.max(1, Math.ceil(n / query.limit)), currentPage: query.page };
}

/** A page of a product's approved reviews for its page: verified purchases first, then newest first. */
export async function reviewPage(deps: CatalogDeps, productId: string, page: number, limit: number) {
  const p = Math.max(1, Math.trunc(page) || 1);
  const n = Math.max(1, Math.min(50, Math.trunc(limit) || 10));
  const shown = and(eq(reviews.productId, productId), eq(reviews.status, 'approved'));
  const [{ total }] = await deps.db.select({ total: sql<number>`count(*)::int` }).from(reviews).where(shown);
  const rows = total
    ? await deps.db
        .select(reviewColumns)
        .from(reviews)
        .where(shown)
        .orderBy(desc(isVerified), desc(reviews.createdAt), asc(reviews.id))
        .limit(n)
        .offset((p - 1) * n)
    : [];
  return { reviews: rows, total, totalPages: Math.ceil(total / n), currentPage: p };
}

/** The user's own review of a product, if any, in whatever state moderation left it (the reviewer sees it). */
export async function findUserReview(deps: CatalogDeps, productId: string, userId: string): Promise<ReviewView | undefined> {
  if (!isUuid(productId) || !isUuid(userId)) return undefined;
  const [row] = await deps.db.select(reviewColumns).from(reviews).where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
  return row;
}

/**
 * A buyer received these products (their order was delivered): their reviews of them, now or
 * later, are verified purchases. Products they already had stay as first recorded. Answers the
 * products whose shown reviews changed (the buyer had reviewed them), to announce.
 */
export async function recordDeliveredProducts(tx: Tx, delivery: { userId: string; orderId: string; productIds: string[]; deliveredAt: Date }): Promise<string[]> {
  const ids = [...new Set(delivery.productIds.filter(isUuid).map((id) => id.toLowerCase()))];
  if (ids.length === 0 || !isUuid(delivery.userId) || !isUuid(delivery.orderId)) return [];
  const added = await tx
    .insert(verifiedPurchases)
    .values(ids.map((productId) => ({ userId: delivery.userId, productId, orderId: delivery.orderId, deliveredAt: delivery.deliveredAt })))
    .onConflictDoNothing()
    .returning({ productId: verifiedPurchases.productId });
  if (added.length === 0) return [];
  const reviewed = await tx
    .select({ productId: reviews.productId })
    .from(reviews)
    .where(and(eq(reviews.userId, delivery.userId), sql`${reviews.productId} in (${sql.join(added.map((a) => sql`${a.productId}::uuid`), sql`, `)})`));
  return reviewed.map((r) => r.productId);
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

/**
 * Staff approve a review (it is shown and counted) or reject it with the reason its author sees
 * (hidden, not counted); the product's rating is recounted in the same transaction.
 */
export async function moderateReview(deps: CatalogDeps, reviewId: string, decision: ModerateReview): Promise<ReviewView> {
  if (!isUuid(reviewId)) throw badRequest(catalogMessages.invalidReviewId);
  const id = reviewId.toLowerCase();
  const [found] = await deps.db.select({ productId: reviews.productId }).from(reviews).where(eq(reviews.id, id));
  if (!found) throw notFound(catalogMessages.reviewNotFound);
  const saved = await deps.db.transaction(async (tx) => {
    await lockProduct(tx, found.productId);
    const now = deps.clock();
    const [row] = await tx
      .update(reviews)
      .set({ status: decision.status, rejectionReason: decision.status === 'rejected' ? (decision.reason ?? null) : null, moderatedAt: now })
      .where(eq(reviews.id, id))
      .returning(reviewColumns);
    if (!row) throw notFound(catalogMessages.reviewNotFound);
    await recountReviews(deps, tx, found.productId);
    return row;
  });
  deps.publishEvents();
  return saved;
}
