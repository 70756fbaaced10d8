import { and, count, desc, eq } from 'drizzle-orm';
import { badRequest, notFound, type Db, type Tx } from '@shop/platform';
import { cartMessages, MAX_WISHLIST_ITEMS, type MoveToCartInput, type WishlistItemView } from '@shop/proto-contracts';
import { productSnapshots, wishlistItems } from '../db/schema';
import type { CartDeps } from './cart-deps';
import { wishlistItemView } from './cart-pricing';
import { fetchProduct, loadCart, lockCart, putLine, type CartChange } from './cart.service';
import { findSnapshot, saveSnapshot } from './product-snapshot';

type Executor = Db | Tx;

/** The user's wishlist, newest first, from the local snapshots. */
export async function loadWishlist(db: Executor, userId: string): Promise<WishlistItemView[]> {
  const rows = await db
    .select({ addedAt: wishlistItems.addedAt, product: productSnapshots })
    .from(wishlistItems)
    .innerJoin(productSnapshots, eq(productSnapshots.productId, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.addedAt), desc(wishlistItems.productId));
  return rows.map((r) => wishlistItemView(r.product, r.addedAt));
}

async function inWishlist(db: Executor, userId: string, productId: string): Promise<boolean> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  return rows.length > 0;
}

export interface WishlistChange {
  productId: string;
  name: string;
  wishlist: WishlistItemView[];
}

/** Adds a product the catalog has (adding it again changes nothing); at most 100 products. */
export async function addToWishlist(deps: CartDeps, userId: string, productId: string): Promise<WishlistChange> {
  const product = await fetchProduct(deps, productId);
  return deps.db.transaction(async (tx) => {
    await lockCart(tx, userId);
    if (!(await inWishlist(tx, userId, product.id))) {
      const [{ items }] = await tx.select({ items: count() }).from(wishlistItems).where(eq(wishlistItems.userId, userId));
      if (items >= MAX_WISHLIST_ITEMS) throw badRequest(cartMessages.wishlistFull);
    }
    const now = deps.clock();
    await saveSnapshot(tx, product, now);
    await tx.insert(wishlistItems).values({ userId, productId: product.id, addedAt: now }).onConflictDoNothing();
    return { productId: product.id, name: product.name, wishlist: await loadWishlist(tx, userId) };
  });
}

/** Removes a product from the wishlist; 404 when it is not there. */
export async function removeFromWishlist(deps: CartDeps, userId: string, productId: string): Promise<WishlistChange> {
  return deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
      .returning({ productId: wishlistItems.productId });
    if (removed.length === 0) throw notFound(cartMessages.wishlistItemNotFound);
    const snapshot = await findSnapshot(tx, productId);
    return { productId, name: snapshot?.name ?? '', wishlist: await loadWishlist(tx, userId) };
  });
}

/**
 * Puts a wishlisted product in the cart and takes it off the wishlist, in one transaction. Without
 * a quantity or properties it is quantity 1 with the first size in stock and the first colour, and
 * a line already in the cart stays as it is.
 */
export async function moveWishlistItemToCart(
  deps: CartDeps,
  userId: string,
  productId: string,
  want: MoveToCartInput,
): Promise<CartChange> {
  if (!(await inWishlist(deps.db, userId, productId))) throw notFound(cartMessages.wishlistItemNotFound);
  const product = await fetchProduct(deps, productId);
  return deps.db.transaction(async (tx) => {
    await lockCart(tx, userId);
    if (!(await inWishlist(tx, userId, productId))) throw notFound(cartMessages.wishlistItemNotFound);
    const { lineId, properties } = await putLine(tx, userId, product, {
      quantity: want.quantity ?? 1,
      size: want.properties?.size,
      color: want.properties?.color,
      now: deps.clock(),
      defaultSize: true,
      // Nothing asked for: a line already in the cart keeps its quantity and choices.
      keepExisting: want.quantity === undefined && want.properties === undefined,
    });
    await tx.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
    return { productId: product.id, lineId, name: product.name, properties, cart: await loadCart(tx, userId) };
  });
}
