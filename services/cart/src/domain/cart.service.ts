import { and, count, eq, inArray, lte, sql } from 'drizzle-orm';
import { AppError, badRequest, businessMetrics, fixedStatement, notFound, type Db, type FixedStatement, type Tx } from '@shop/platform';
import { cartMessages, MAX_CART_LINES, type AddToCartInput, type CartItemProperties, type UpdateCartItemInput } from '@shop/proto-contracts';
import { cartLines, wishlistItems, type CartLineRow } from '../db/schema';
import type { CartDeps, CatalogProduct } from './cart-deps';
import { assertInStock, resolveProperties } from './cart-line.rules';
import { priceCart, type CartView } from './cart-pricing';
import { findSnapshot, markSnapshotDeleted, productOfSnapshot, saveSnapshot, snapshotColumns, snapshotOfRow, type ProductFacts } from './product-snapshot';

type Executor = Db | Tx;

/** Serialises changes to one user's cart (the 50-line limit holds under concurrent adds). */
export async function lockCart(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cart:${userId}`}))`);
}

// The statements every add and every read of a cart runs are plain SQL: building them with the
// query builder cost more CPU than PostgreSQL spent running them.

/** The line's quantity, size and colour, if the product is in the cart. */
async function findLine(db: Executor, userId: string, productId: string): Promise<Pick<CartLineRow, 'quantity' | 'size' | 'color'> | undefined> {
  const { rows } = await db.execute(sql`select quantity, size, color from cart.cart_lines where user_id = ${userId} and product_id = ${productId}`);
  const row = rows[0];
  return row === undefined ? undefined : { quantity: row.quantity as number, size: row.size as string | null, color: row.color as string | null };
}

/** The user's cart at the snapshot prices, oldest line first; reads only the cart's own tables. */
export async function loadCart(db: Executor, userId: string): Promise<CartView> {
  const { rows } = await db.execute(
    sql`select l.quantity as line_quantity, l.size as line_size, l.color as line_color, ${snapshotColumns}
      from cart.cart_lines l join cart.product_snapshots s on s.product_id = l.product_id
      where l.user_id = ${userId} order by l.added_at, l.product_id`,
  );
  return priceCart(
    userId,
    rows.map((r) => ({ quantity: r.line_quantity as number, size: r.line_size as string | null, color: r.line_color as string | null, product: snapshotOfRow(r) })),
  );
}

/**
 * The product as the catalog has it now. When the catalog says it does not exist, a copy the cart
 * keeps is marked deleted on the way (the ProductDeleted event may still be on its way).
 */
export async function fetchProduct(deps: CartDeps, productId: string): Promise<CatalogProduct> {
  try {
    return await deps.catalog.getProduct(productId);
  } catch (err) {
    if (err instanceof AppError && err.kind === 'NOT_FOUND') await markSnapshotDeleted(deps.db, productId, deps.clock());
    throw err;
  }
}

export interface CartChange {
  productId: string;
  name: string;
  properties: CartItemProperties;
  cart: CartView;
}

/**
 * The product an add is checked against: the cart's own copy when it has one (kept current by
 * ProductChanged, decision 0030), else the catalog's answer (the first add of a product anywhere, or
 * a copy marked deleted, which the catalog may contradict). The order service reserves and prices
 * with the catalog at checkout, so a copy an event behind never sells what is not there.
 */
async function productForAdd(deps: CartDeps, productId: string): Promise<{ product: CatalogProduct; stored: boolean }> {
  const copy = await findSnapshot(deps.db, productId.toLowerCase());
  if (copy && !copy.deleted) return { product: productOfSnapshot(copy), stored: true };
  return { product: await fetchProduct(deps, productId), stored: false };
}

/**
 * Creates the line or sets its quantity, checked against the product (size, colour, stock of the
 * size, at most 50 lines). Missing properties keep the line's own.
 */
export async function addToCart(deps: CartDeps, userId: string, input: AddToCartInput): Promise<CartChange> {
  // Any catalog call happens before the transaction: an HTTP call must never hold a database lock.
  const { product, stored } = await productForAdd(deps, input.productId);
  if (stored) {
    const changed = await changeExistingLine(deps, userId, product, input);
    if (changed) return counted('add')(changed);
  }
  return deps.db.transaction(async (tx) => {
    await lockCart(tx, userId);
    const properties = await putLine(tx, userId, product, {
      quantity: input.quantity,
      size: input.properties?.size,
      color: input.properties?.color,
      now: deps.clock(),
      copyIsCurrent: stored,
    });
    return { productId: product.id, name: product.name, properties, cart: await loadCart(tx, userId) };
  }).then(counted('add'));
}

/**
 * An add of a product already in the cart, checked against the cart's current copy of it, as one
 * statement without the cart lock: no line is added, so the 50-line limit is not at stake. The
 * line is changed only if it still has the size and colour the check saw (and still exists);
 * otherwise (a concurrent change or removal, or no line) the answer is undefined and the add takes
 * the locked path. An OrderPlaced removal racing it resolves on the row as it would after the lock.
 */
async function changeExistingLine(deps: CartDeps, userId: string, product: CatalogProduct, input: AddToCartInput): Promise<CartChange | undefined> {
  const line = await findLine(deps.db, userId, product.id);
  if (!line) return undefined;
  const properties = resolveProperties(
    product,
    { size: input.properties?.size ?? line.size, color: input.properties?.color ?? line.color },
    { quantity: input.quantity },
  );
  assertInStock(product, properties.size, input.quantity);
  const now = deps.clock().toISOString();
  const { rows } = await deps.db.execute(
    sql`update cart.cart_lines set quantity = ${input.quantity}, size = ${properties.size}, color = ${properties.color}, updated_at = ${now}
      where user_id = ${userId} and product_id = ${product.id} and size is not distinct from ${line.size} and color is not distinct from ${line.color}
      returning product_id`,
  );
  if (rows.length === 0) return undefined;
  return { productId: product.id, name: product.name, properties, cart: await loadCart(deps.db, userId) };
}

/**
 * Writes a checked line for a fresh catalog product (with `keepExisting`, an existing line is left
 * as it is). The caller holds the cart lock.
 */
export async function putLine(
  tx: Tx,
  userId: string,
  product: CatalogProduct,
  want: { quantity: number; size?: string | null; color?: string | null; now: Date; defaultSize?: boolean; keepExisting?: boolean; copyIsCurrent?: boolean },
): Promise<CartItemProperties> {
  const existing = await findLine(tx, userId, product.id);
  if (existing && want.keepExisting) {
    await saveSnapshot(tx, product, want.now);
    return { size: existing.size, color: existing.color };
  }
  const properties = resolveProperties(
    product,
    { size: want.size ?? existing?.size, color: want.color ?? existing?.color },
    { defaultSize: want.defaultSize, quantity: want.quantity },
  );
  assertInStock(product, properties.size, want.quantity);
  if (!existing) {
    const [{ lines }] = await tx.select({ lines: count() }).from(cartLines).where(eq(cartLines.userId, userId));
    if (lines >= MAX_CART_LINES) throw badRequest(cartMessages.cartFull);
  }
  // A product read from the cart's own copy needs no writing back.
  if (!want.copyIsCurrent) await saveSnapshot(tx, product, want.now);
  await tx.execute(
    sql`insert into cart.cart_lines (user_id, product_id, quantity, size, color, added_at, updated_at)
      values (${userId}, ${product.id}, ${want.quantity}, ${properties.size}, ${properties.color}, ${want.now.toISOString()}, ${want.now.toISOString()})
      on conflict (user_id, product_id) do update set quantity = excluded.quantity, size = excluded.size, color = excluded.color, updated_at = excluded.updated_at`,
  );
  return properties;
}

/**
 * Changes a line's size and/or colour. A new size is re-checked against its stock. The catalog is
 * asked for the product's current options; while it is down the local snapshot stands in.
 */
export async function updateCartItem(deps: CartDeps, userId: string, input: UpdateCartItemInput): Promise<CartChange> {
  if (!(await findLine(deps.db, userId, input.productId))) throw notFound(cartMessages.itemNotFound);
  let fresh: CatalogProduct | undefined;
  try {
    fresh = await fetchProduct(deps, input.productId);
  } catch (err) {
    if (err instanceof AppError && err.kind === 'NOT_FOUND') throw badRequest(cartMessages.productUnavailable);
    if (!(err instanceof AppError && err.kind === 'SERVICE_UNAVAILABLE')) throw err;
    deps.logger.warn({ productId: input.productId }, 'catalog unavailable; checking the cart line against the snapshot');
  }
  return deps.db.transaction(async (tx) => {
    await lockCart(tx, userId);
    const line = await findLine(tx, userId, input.productId);
    if (!line) throw notFound(cartMessages.itemNotFound);
    const now = deps.clock();
    let product: ProductFacts;
    if (fresh) {
      await saveSnapshot(tx, fresh, now);
      product = fresh;
    } else {
      const snapshot = (await findSnapshot(tx, input.productId))!;
      if (snapshot.deleted) throw badRequest(cartMessages.productUnavailable);
      product = { name: snapshot.name, sizes: snapshot.sizes, colors: snapshot.colors, stock: snapshot.stock, stockDetail: snapshot.stockDetail };
    }
    const properties = resolveProperties(product, {
      size: input.properties.size ?? line.size,
      color: input.properties.color ?? line.color,
    });
    if (properties.size !== line.size) assertInStock(product, properties.size, line.quantity);
    await tx
      .update(cartLines)
      .set({ size: properties.size, color: properties.color, updatedAt: now })
      .where(and(eq(cartLines.userId, userId), eq(cartLines.productId, input.productId)));
    return { productId: input.productId, name: product.name, properties, cart: await loadCart(tx, userId) };
  }).then(counted('update'));
}

/** Removes a line; 404 when the product is not in the cart. */
export async function removeFromCart(deps: CartDeps, userId: string, productId: string): Promise<CartChange> {
  return deps.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(cartLines)
      .where(and(eq(cartLines.userId, userId), eq(cartLines.productId, productId)))
      .returning({ size: cartLines.size, color: cartLines.color });
    if (!removed) throw notFound(cartMessages.itemNotFound);
    const snapshot = await findSnapshot(tx, productId);
    return { productId, name: snapshot?.name ?? '', properties: removed, cart: await loadCart(tx, userId) };
  }).then(counted('remove'));
}

/** Counts a committed cart change (the shop_cart_updates_total metric) and passes it on. */
function counted(action: 'add' | 'update' | 'remove') {
  return (change: CartChange): CartChange => {
    businessMetrics.cartUpdates.inc({ service: 'cart', action });
    return change;
  };
}

/**
 * OrderPlaced, once per event id, in one statement (no transaction needed): the event is claimed
 * for the consumer in processed_events and the ordered lines removed only when the claim is new
 * (both or neither). Only lines not changed since the order was placed go: a line re-added or
 * raised since stays.
 * Written once per schema: it runs for every order.
 */
const removeOrderedLinesOnceStatements = new Map<string, FixedStatement>();
export async function removeOrderedLinesOnce(
  db: Db,
  claim: { schema: string; consumer: string; eventId: string },
  userId: string,
  productIds: string[],
  placedAt: Date,
): Promise<void> {
  let statement = removeOrderedLinesOnceStatements.get(claim.schema);
  if (!statement) {
    statement = fixedStatement(`with claimed as (
        insert into "${claim.schema}".processed_events (consumer, event_id) values ($1::text, $2::uuid)
        on conflict do nothing returning event_id
      )
      delete from cart.cart_lines
      where exists (select 1 from claimed) and user_id = $3::text and product_id = any($4::uuid[]) and updated_at <= $5::timestamptz`);
    removeOrderedLinesOnceStatements.set(claim.schema, statement);
  }
  await statement(db, [claim.consumer, claim.eventId, userId, productIds, placedAt.toISOString()]);
}

/** UserDeleted: the user's cart and wishlist go with the account. */
export async function deleteUserCartData(tx: Tx, userId: string): Promise<void> {
  await tx.delete(cartLines).where(eq(cartLines.userId, userId));
  await tx.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
}
