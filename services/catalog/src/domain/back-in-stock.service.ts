import { and, eq, isNull, sql } from 'drizzle-orm';
import { catalogMessages, notifyMessages } from '@shop/proto-contracts';
import { badRequest, conflict, forbidden, notFound, type Mail, type Principal, type Tx } from '@shop/platform';
import { products, stockSubscriptions } from '../db/schema';
import type { CatalogDeps } from './catalog-deps';
import { isUuid } from './catalog-errors';

/**
 * Notify me (decision 0069): a shopper whose address is proven asks to be mailed once when an
 * out-of-stock product is back. The mail is recorded in mail_log in the same transaction that marks
 * the subscription notified, so it is written exactly once whatever process dies when; it is sent by
 * the mailer's delivery pass (decision 0037).
 */

function checkedProductId(id: string): string {
  if (!isUuid(id)) throw badRequest(catalogMessages.invalidProductId);
  return id.toLowerCase();
}

/** Whether the shopper waits for a mail about this product (subscribed and not mailed since). */
export async function isSubscribed(deps: Pick<CatalogDeps, 'db'>, userId: string, productId: string): Promise<boolean> {
  const id = checkedProductId(productId);
  const [row] = await deps.db
    .select({ userId: stockSubscriptions.userId })
    .from(stockSubscriptions)
    .where(and(eq(stockSubscriptions.userId, userId), eq(stockSubscriptions.productId, id), isNull(stockSubscriptions.notifiedAt)));
  return Boolean(row);
}

/**
 * Subscribes the shopper to the product's return. Only an address the access token proved
 * (emailVerified) is written to (403 otherwise); a product in stock is a 409 (it can be ordered
 * now). Under the product's row lock: a restock committing meanwhile waits, so its ProductChanged
 * is handled after this subscription exists and mails it. Subscribing again after a mail waits again.
 */
export async function subscribeToRestock(deps: Pick<CatalogDeps, 'db' | 'clock'>, principal: Principal, productId: string): Promise<void> {
  const id = checkedProductId(productId);
  if (!principal.emailVerified || !principal.email) throw forbidden(notifyMessages.emailNotVerified);
  await deps.db.transaction(async (tx) => {
    const [product] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, id)).for('share');
    if (!product) throw notFound(catalogMessages.productNotFound);
    if (product.stock > 0) throw conflict(notifyMessages.inStock);
    await tx
      .insert(stockSubscriptions)
      .values({ userId: principal.userId, productId: id, email: principal.email, name: principal.name ?? '', createdAt: deps.clock(), notifiedAt: null })
      .onConflictDoUpdate({
        target: [stockSubscriptions.userId, stockSubscriptions.productId],
        set: { email: principal.email, name: principal.name ?? '', createdAt: deps.clock(), notifiedAt: null },
      });
  });
}

/** Cancels the shopper's subscription (nothing to cancel is fine: the answer is the same). */
export async function unsubscribeFromRestock(deps: Pick<CatalogDeps, 'db'>, userId: string, productId: string): Promise<void> {
  const id = checkedProductId(productId);
  await deps.db.delete(stockSubscriptions).where(and(eq(stockSubscriptions.userId, userId), eq(stockSubscriptions.productId, id)));
}

/** The mail a waiting shopper gets when the product is back. */
export function backInStockMail(to: { email: string; name: string }, product: { id: string; name: string }, publicUrl: string): Mail {
  const link = `${publicUrl.replace(/\/+$/, '')}/product/${product.id}`;
  const text = [
    `Hello ${to.name.trim() || 'there'},`,
    '',
    `Good news: ${product.name} is back in stock at ShopKart.`,
    `Order it here before it sells out again: ${link}`,
    '',
    'You asked us to tell you once; we will not write about this product again unless you ask.',
    '',
    '— The ShopKart team',
  ].join('\n');
  return { to: to.email, subject: `ShopKart: ${product.name} is back in stock`, text };
}

/**
 * In the caller's transaction: when the product has stock, marks its waiting subscriptions
 * notified and records one mail for each. A subscription already marked is skipped, so a repeated
 * or redelivered call mails nobody twice. Answers how many mails were recorded.
 */
export async function notifyBackInStockIn(tx: Tx, deps: Pick<CatalogDeps, 'mailer' | 'publicUrl' | 'clock'>, productId: string): Promise<number> {
  const [product] = await tx.select({ id: products.id, name: products.name, stock: products.stock }).from(products).where(eq(products.id, productId));
  if (!product || product.stock <= 0) return 0;
  const waiting = await tx
    .update(stockSubscriptions)
    .set({ notifiedAt: deps.clock() })
    .where(and(eq(stockSubscriptions.productId, productId), isNull(stockSubscriptions.notifiedAt)))
    .returning({ email: stockSubscriptions.email, name: stockSubscriptions.name });
  for (const shopper of waiting) await deps.mailer.enqueue(tx, backInStockMail(shopper, product, deps.publicUrl));
  return waiting.length;
}

/** Whether any shopper waits for this product (a cheap look before a transaction is opened). */
export async function hasWaitingSubscriptions(deps: Pick<CatalogDeps, 'db'>, productId: string): Promise<boolean> {
  const rows = await deps.db.execute(sql`select 1 from catalog.stock_subscriptions where product_id = ${productId}::uuid and notified_at is null limit 1`);
  return rows.rows.length > 0;
}

/** A deleted account's subscriptions (in the caller's transaction). */
export async function deleteSubscriptionsOfUser(tx: Tx, userId: string): Promise<void> {
  if (!isUuid(userId)) return;
  await tx.delete(stockSubscriptions).where(eq(stockSubscriptions.userId, userId.toLowerCase()));
}
