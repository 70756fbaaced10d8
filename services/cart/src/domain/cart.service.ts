import { count, eq, sql } from 'drizzle-orm';
import { AppError, badRequest, businessMetrics, conflict, fixedStatement, notFound, type Db, type FixedStatement, type Tx } from '@shop/platform';
import {
  cartMessages,
  MAX_CART_LINES,
  MAX_QUANTITY_PER_LINE,
  type AddToCartInput,
  type CartItemProperties,
  type RemoveFromCartInput,
  type UpdateCartItemInput,
} from '@shop/proto-contracts';
import { cartLines, guestCartMerges, wishlistItems } from '../db/schema';
import type { CartDeps, CatalogProduct } from './cart-deps';
import { assertInStock, resolveProperties } from './cart-line.rules';
import { priceCart, type CartView } from './cart-pricing';
import { findSnapshot, markSnapshotDeleted, productOfSnapshot, saveSnapshot, snapshotColumnList, snapshotOfRow, type ProductFacts } from './product-snapshot';

type Executor = Db | Tx;

/** Serialises changes to one user's cart (the 50-line limit holds under concurrent adds). */
export async function lockCart(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cart:${userId}`}))`);
}

// The statements every add and every read of a cart runs are plain SQL: building them with the
// query builder cost more CPU than PostgreSQL spent running them.

/** A line of one product in a user's cart. */
export interface LineOfProduct {
  lineId: string;
  quantity: number;
  size: string | null;
  color: string | null;
}

/** The user's lines of one product, oldest first. */
export async function linesOf(db: Executor, userId: string, productId: string): Promise<LineOfProduct[]> {
  const { rows } = await db.execute(
    sql`select line_id, quantity, size, color from cart.cart_lines where user_id = ${userId} and product_id = ${productId} order by added_at, line_id`,
  );
  return rows.map((r) => ({ lineId: r.line_id as string, quantity: r.quantity as number, size: r.size as string | null, color: r.color as string | null }));
}

/** Whether a line is the given variant (the stored spellings are the product's own). */
export function isVariant(line: Pick<LineOfProduct, 'size' | 'color'>, properties: CartItemProperties): boolean {
  return line.size === properties.size && line.color === properties.color;
}

/** Units of the stock of `size` that the product's other lines hold (colours of one size share its stock). */
export function heldByOthers(product: Pick<ProductFacts, 'sizes'>, lines: LineOfProduct[], size: string | null, except?: string): number {
  return lines
    .filter((l) => l.lineId !== except && (product.sizes.length === 0 || l.size === size))
    .reduce((sum, l) => sum + l.quantity, 0);
}

/**
 * The line a request names: by `lineId`, or by the product alone when it has exactly one line
 * (as the spec's calls do). A product with several lines and no line id is a 409 asking for it.
 */
function pickLine(lines: LineOfProduct[], lineId: string | undefined, name: string): LineOfProduct {
  if (lineId !== undefined) {
    const line = lines.find((l) => l.lineId === lineId);
    if (!line) throw notFound(cartMessages.itemNotFound);
    return line;
  }
  if (lines.length === 0) throw notFound(cartMessages.itemNotFound);
  if (lines.length > 1) throw conflict(cartMessages.lineIdRequired(name));
  return lines[0]!;
}

/** The columns of a cart line with its product (aliases `l` and `s`), as `cartOfRows` reads them. */
const cartLineColumns = `l.line_id, l.quantity as line_quantity, l.size as line_size, l.color as line_color, ${snapshotColumnList}`;

/** The user's cart lines with their products, oldest first: the one statement of every cart read. */
const loadCartStatement = fixedStatement(
  `select ${cartLineColumns}
    from cart.cart_lines l join cart.product_snapshots s on s.product_id = l.product_id
    where l.user_id = $1::text order by l.added_at, l.line_id`,
);

/** A cart priced from rows of `cartLineColumns`. */
function cartOfRows(userId: string, rows: readonly Record<string, unknown>[]): CartView {
  return priceCart(
    userId,
    rows.map((r) => ({
      lineId: r.line_id as string,
      quantity: r.line_quantity as number,
      size: r.line_size as string | null,
      color: r.line_color as string | null,
      product: snapshotOfRow(r),
    })),
  );
}

/** The user's cart at the snapshot prices, oldest line first; reads only the cart's own tables. */
export async function loadCart(db: Executor, userId: string): Promise<CartView> {
  return cartOfRows(userId, await loadCartStatement(db, [userId]));
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
  /** The line the change was about. */
  lineId: string;
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
export async function productForAdd(deps: CartDeps, productId: string): Promise<{ product: CatalogProduct; stored: boolean }> {
  const copy = await findSnapshot(deps.db, productId.toLowerCase());
  if (copy && !copy.deleted) return { product: productOfSnapshot(copy), stored: true };
  return { product: await fetchProduct(deps, productId), stored: false };
}

/**
 * The cart's copy of a product with the user's lines of it (oldest first), in one statement: what
 * every add reads first. No row: the cart has no copy.
 */
const copyWithLinesStatement = fixedStatement(
  `select ${snapshotColumnList},
      (select coalesce(json_agg(json_build_object('lineId', o.line_id, 'quantity', o.quantity, 'size', o.size, 'color', o.color) order by o.added_at, o.line_id), '[]'::json)
        from cart.cart_lines o where o.user_id = $2::text and o.product_id = s.product_id) as lines
    from cart.product_snapshots s where s.product_id = $1`,
);

/** As productForAdd, with the user's lines of the product when the cart's copy is used (read with it). */
async function productAndLinesForAdd(deps: CartDeps, userId: string, productId: string): Promise<{ product: CatalogProduct; lines?: LineOfProduct[] }> {
  const [row] = await copyWithLinesStatement(deps.db, [productId.toLowerCase(), userId]);
  const copy = row && snapshotOfRow(row);
  if (copy && !copy.deleted) return { product: productOfSnapshot(copy), lines: row!.lines as LineOfProduct[] };
  return { product: await fetchProduct(deps, productId) };
}

/**
 * Puts a product in the cart as the line of its size and colour (decision 0062): a new line, or
 * the existing line of that variant with its quantity set (mode 'increase': raised by the quantity
 * sent). With `lineId`, that line's quantity is set. Checked against the product (size, colour,
 * stock of the size shared by the colours of that size, at most 100 per line and 50 lines).
 * With one line of the product in the cart, missing properties are that line's.
 */
export async function addToCart(deps: CartDeps, userId: string, input: AddToCartInput): Promise<CartChange> {
  // Any catalog call happens before the transaction: an HTTP call must never hold a database lock.
  const { product, lines: storedLines } = await productAndLinesForAdd(deps, userId, input.productId);
  const stored = storedLines !== undefined;
  if (storedLines && storedLines.length > 0) {
    const changed = await changeExistingLine(deps, userId, product, storedLines, input);
    if (changed) return counted('add')(changed);
  }
  return deps.db.transaction(async (tx) => {
    await lockCart(tx, userId);
    const lines = await linesOf(tx, userId, product.id);
    let target: LineOfProduct | undefined;
    let properties: CartItemProperties;
    if (input.lineId !== undefined) {
      target = pickLine(lines, input.lineId, product.name);
      properties = { size: target.size, color: target.color };
    } else {
      const only = lines.length === 1 ? lines[0] : undefined;
      properties = resolveProperties(
        product,
        { size: input.properties?.size ?? only?.size, color: input.properties?.color ?? only?.color },
        { quantity: input.quantity },
      );
      target = lines.find((l) => isVariant(l, properties));
    }
    const quantity = input.mode === 'increase' && target ? target.quantity + input.quantity : input.quantity;
    if (quantity > MAX_QUANTITY_PER_LINE) throw badRequest(cartMessages.quantityTooLarge);
    assertInStock(product, properties.size, quantity, heldByOthers(product, lines, properties.size, target?.lineId));
    const now = deps.clock();
    // A product read from the cart's own copy needs no writing back.
    if (!stored) await saveSnapshot(tx, product, now);
    const lineId = target
      ? await setLineQuantity(tx, target.lineId, quantity, now)
      : await insertLine(tx, userId, product.id, quantity, properties, now);
    return { productId: product.id, lineId, name: product.name, properties, cart: await loadCart(tx, userId) };
  }).then(counted('add'));
}

/** The product's lines as one text, compared by the database to tell whether they are still as read. */
const linesFingerprint = (lines: LineOfProduct[]) =>
  [...lines]
    .sort((a, b) => (a.lineId < b.lineId ? -1 : 1))
    .map((l) => `${l.lineId}:${l.quantity}:${l.size ?? ''}:${l.color ?? ''}`)
    .join(',');

/**
 * An add that changes the quantity of a variant already in the cart, checked against the cart's
 * current copy of the product, as one statement without the cart lock: no line is added, so the
 * 50-line limit is not at stake. It applies only while every line of the product is as read, with
 * those lines locked (so the stock a size's colours share, and an 'increase', stay exact against
 * each other); otherwise, or when the variant has no line yet, the answer is undefined and the add
 * takes the locked path. A new line added at the same moment is checked on its own path; the
 * cart's stock check is the shopper's guide, the catalog's reservation at checkout is the rule.
 * The same statement answers the cart after the change.
 */
async function changeExistingLine(deps: CartDeps, userId: string, product: CatalogProduct, lines: LineOfProduct[], input: AddToCartInput): Promise<CartChange | undefined> {
  let target: LineOfProduct | undefined;
  let properties: CartItemProperties;
  if (input.lineId !== undefined) {
    target = pickLine(lines, input.lineId, product.name);
    properties = { size: target.size, color: target.color };
  } else {
    const only = lines.length === 1 ? lines[0] : undefined;
    properties = resolveProperties(product, { size: input.properties?.size ?? only?.size, color: input.properties?.color ?? only?.color }, { quantity: input.quantity });
    target = lines.find((l) => isVariant(l, properties));
  }
  if (!target) return undefined;
  const quantity = input.mode === 'increase' ? target.quantity + input.quantity : input.quantity;
  if (quantity > MAX_QUANTITY_PER_LINE) throw badRequest(cartMessages.quantityTooLarge);
  assertInStock(product, properties.size, quantity, heldByOthers(product, lines, properties.size, target.lineId));
  const rows = await changeLineStatement(deps.db, [userId, product.id, quantity, deps.clock().toISOString(), target.lineId, linesFingerprint(lines)]);
  if (rows.length === 0) return undefined;
  return { productId: product.id, lineId: target.lineId, name: product.name, properties, cart: cartOfRows(userId, rows) };
}

/**
 * changeExistingLine's statement: the product's lines are locked (FOR UPDATE waits for a concurrent
 * change and then reads it), so two adds to lines sharing a size's stock cannot both pass on what
 * each read before; the line changes only while they are as read. Its rows are the user's cart after
 * the change (the statement's reads see the line as before it, so the new quantity is taken from
 * the update); none when nothing changed.
 */
const changeLineStatement = fixedStatement(
  `with locked as (
      select o.line_id, o.quantity, o.size, o.color from cart.cart_lines o
      where o.user_id = $1::text and o.product_id = $2 for update
    ), changed as (
      update cart.cart_lines set quantity = $3::int, updated_at = $4::timestamptz
      where line_id = $5::uuid
        and (select string_agg(l.line_id || ':' || l.quantity || ':' || coalesce(l.size, '') || ':' || coalesce(l.color, ''), ',' order by l.line_id::text collate "C") from locked l)
          = $6::text
      returning line_id, quantity
    )
    select l.line_id, coalesce(c.quantity, l.quantity) as line_quantity, l.size as line_size, l.color as line_color, ${snapshotColumnList}
    from cart.cart_lines l join cart.product_snapshots s on s.product_id = l.product_id
      left join changed c on c.line_id = l.line_id
    where l.user_id = $1::text and exists (select 1 from changed)
    order by l.added_at, l.line_id`,
);

async function setLineQuantity(tx: Tx, lineId: string, quantity: number, now: Date): Promise<string> {
  await tx.execute(sql`update cart.cart_lines set quantity = ${quantity}, updated_at = ${now.toISOString()} where line_id = ${lineId}`);
  return lineId;
}

/** A new line (the caller holds the cart lock and checked the variant is not in the cart yet). */
export async function insertLine(tx: Tx, userId: string, productId: string, quantity: number, properties: CartItemProperties, now: Date): Promise<string> {
  const [{ lines }] = await tx.select({ lines: count() }).from(cartLines).where(eq(cartLines.userId, userId));
  if (lines >= MAX_CART_LINES) throw badRequest(cartMessages.cartFull);
  return insertCountedLine(tx, userId, productId, quantity, properties, now);
}

/** As insertLine, for a caller that has counted the cart's lines itself under the cart lock. */
export async function insertCountedLine(tx: Tx, userId: string, productId: string, quantity: number, properties: CartItemProperties, now: Date): Promise<string> {
  const { rows } = await tx.execute(
    sql`insert into cart.cart_lines (user_id, product_id, quantity, size, color, added_at, updated_at)
      values (${userId}, ${productId}, ${quantity}, ${properties.size}, ${properties.color}, ${now.toISOString()}, ${now.toISOString()})
      returning line_id`,
  );
  return rows[0]!.line_id as string;
}

/**
 * Writes a checked line for a fresh catalog product as the line of its variant (with
 * `keepExisting`, a line the product already has is left as it is). The caller holds the cart lock.
 */
export async function putLine(
  tx: Tx,
  userId: string,
  product: CatalogProduct,
  want: { quantity: number; size?: string | null; color?: string | null; now: Date; defaultSize?: boolean; keepExisting?: boolean },
): Promise<{ lineId: string; properties: CartItemProperties }> {
  const lines = await linesOf(tx, userId, product.id);
  await saveSnapshot(tx, product, want.now);
  if (lines.length > 0 && want.keepExisting) return { lineId: lines[0]!.lineId, properties: { size: lines[0]!.size, color: lines[0]!.color } };
  const properties = resolveProperties(product, { size: want.size, color: want.color }, { defaultSize: want.defaultSize, quantity: want.quantity });
  const target = lines.find((l) => isVariant(l, properties));
  assertInStock(product, properties.size, want.quantity, heldByOthers(product, lines, properties.size, target?.lineId));
  const lineId = target
    ? await setLineQuantity(tx, target.lineId, want.quantity, want.now)
    : await insertLine(tx, userId, product.id, want.quantity, properties, want.now);
  return { lineId, properties };
}

/**
 * Changes a line's size and/or colour (the line keeps its id). A new size is re-checked against
 * its stock; a variant the cart has in another line is a 409. The catalog is asked for the
 * product's current options; while it is down the local snapshot stands in.
 */
export async function updateCartItem(deps: CartDeps, userId: string, input: UpdateCartItemInput): Promise<CartChange> {
  if ((await linesOf(deps.db, userId, input.productId)).length === 0) throw notFound(cartMessages.itemNotFound);
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
    const lines = await linesOf(tx, userId, input.productId);
    const line = pickLine(lines, input.lineId, product.name);
    const properties = resolveProperties(product, {
      size: input.properties.size ?? line.size,
      color: input.properties.color ?? line.color,
    });
    if (lines.some((l) => l.lineId !== line.lineId && isVariant(l, properties))) throw conflict(cartMessages.variantInCart(product.name));
    if (properties.size !== line.size) assertInStock(product, properties.size, line.quantity, heldByOthers(product, lines, properties.size, line.lineId));
    await tx.update(cartLines).set({ size: properties.size, color: properties.color, updatedAt: now }).where(eq(cartLines.lineId, line.lineId));
    return { productId: input.productId, lineId: line.lineId, name: product.name, properties, cart: await loadCart(tx, userId) };
  }).then(counted('update'));
}

/** Removes a line (by line id, or by product id when the product has one line); 404 when not in the cart. */
export async function removeFromCart(deps: CartDeps, userId: string, input: RemoveFromCartInput): Promise<CartChange> {
  return deps.db.transaction(async (tx) => {
    await lockCart(tx, userId);
    const snapshot = await findSnapshot(tx, input.productId);
    const name = snapshot?.name ?? '';
    const line = pickLine(await linesOf(tx, userId, input.productId), input.lineId, name);
    await tx.delete(cartLines).where(eq(cartLines.lineId, line.lineId));
    return { productId: input.productId, lineId: line.lineId, name, properties: { size: line.size, color: line.color }, cart: await loadCart(tx, userId) };
  }).then(counted('remove'));
}

/** Counts a committed cart change (the shop_cart_updates_total metric) and passes it on. */
function counted(action: 'add' | 'update' | 'remove') {
  return (change: CartChange): CartChange => {
    businessMetrics.cartUpdates.inc({ service: 'cart', action });
    return change;
  };
}

/** An ordered variant, as OrderPlaced lists it. */
export interface OrderedVariant {
  productId: string;
  size: string | null;
  color: string | null;
}

/**
 * OrderPlaced, once per event id, in one statement (no transaction needed): the event is claimed
 * for the consumer in processed_events and the ordered lines removed only when the claim is new
 * (both or neither). A line goes when its product, size and colour were ordered (ignoring case)
 * and it has not changed since the order was placed: a line re-added or raised since stays.
 * Written once per schema: it runs for every order.
 */
const removeOrderedLinesOnceStatements = new Map<string, FixedStatement>();
export async function removeOrderedLinesOnce(
  db: Db,
  claim: { schema: string; consumer: string; eventId: string },
  userId: string,
  ordered: OrderedVariant[],
  placedAt: Date,
): Promise<void> {
  let statement = removeOrderedLinesOnceStatements.get(claim.schema);
  if (!statement) {
    statement = fixedStatement(`with claimed as (
        insert into "${claim.schema}".processed_events (consumer, event_id) values ($1::text, $2::uuid)
        on conflict do nothing returning event_id
      )
      delete from cart.cart_lines l
      using unnest($4::uuid[], $5::text[], $6::text[]) as o(product_id, size, color)
      where exists (select 1 from claimed) and l.user_id = $3::text and l.product_id = o.product_id
        and lower(coalesce(l.size, '')) = lower(coalesce(o.size, '')) and lower(coalesce(l.color, '')) = lower(coalesce(o.color, ''))
        and l.updated_at <= $7::timestamptz`);
    removeOrderedLinesOnceStatements.set(claim.schema, statement);
  }
  await statement(db, [
    claim.consumer,
    claim.eventId,
    userId,
    ordered.map((o) => o.productId),
    ordered.map((o) => o.size),
    ordered.map((o) => o.color),
    placedAt.toISOString(),
  ]);
}

/** UserDeleted: the user's cart, wishlist and merged guest carts go with the account. */
export async function deleteUserCartData(tx: Tx, userId: string): Promise<void> {
  await tx.delete(cartLines).where(eq(cartLines.userId, userId));
  await tx.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
  await tx.delete(guestCartMerges).where(eq(guestCartMerges.userId, userId));
}
