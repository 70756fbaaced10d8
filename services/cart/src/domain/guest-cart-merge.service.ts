import { sql } from 'drizzle-orm';
import { AppError, badRequest, businessMetrics, type Tx } from '@shop/platform';
import {
  cartMessages,
  MAX_CART_LINES,
  MAX_GUEST_MERGE_UNKNOWN_PRODUCTS,
  MAX_QUANTITY_PER_LINE,
  type GuestMergeResult,
  type MergeGuestCartInput,
} from '@shop/proto-contracts';
import type { ProductSnapshotRow } from '../db/schema';
import type { CartDeps, CatalogProduct } from './cart-deps';
import { assertInStock, resolveProperties } from './cart-line.rules';
import type { CartView } from './cart-pricing';
import { heldByOthers, insertCountedLine, isVariant, loadCart, lockCart, type LineOfProduct } from './cart.service';
import { findSnapshots, productOfSnapshot, saveSnapshot, stockFor } from './product-snapshot';

export interface GuestMerge {
  /** Per guest line (lines of one variant sent twice count as one), in the order sent. */
  results: GuestMergeResult[];
  cart: CartView;
  /** True when this merge key was merged before: nothing was added this time. */
  replayed: boolean;
}

/** "Blue Kurta (M, Blue)": the words a shopper reads about a line. */
function labelOf(name: string, size: string | null, color: string | null): string {
  const options = [size, color].filter(Boolean).join(', ');
  return options ? `${name} (${options})` : name;
}

/** Guest lines of one variant sent twice are one line (keyed as the shopper chose, ignoring case). */
function combined(lines: MergeGuestCartInput['lines']): MergeGuestCartInput['lines'] {
  const byKey = new Map<string, MergeGuestCartInput['lines'][number]>();
  for (const line of lines) {
    const key = `${line.productId}|${(line.properties?.size ?? '').toLowerCase()}|${(line.properties?.color ?? '').toLowerCase()}`;
    const earlier = byKey.get(key);
    if (earlier) earlier.quantity += line.quantity;
    else byKey.set(key, { ...line });
  }
  return [...byKey.values()];
}

async function earlierMerge(db: CartDeps['db'], userId: string, mergeKey: string): Promise<GuestMergeResult[] | undefined> {
  const { rows } = await db.execute(sql`select result from cart.guest_cart_merges where user_id = ${userId} and merge_key = ${mergeKey}`);
  return rows.length === 0 ? undefined : (rows[0]!.result as GuestMergeResult[]);
}

/** A product of the guest lines: the cart's live copy (`stored`), else the catalog's answer beside the copy read (deleted, or none). */
type Found = { product: CatalogProduct; stored: true } | { product: CatalogProduct; stored: false; copy: ProductSnapshotRow | undefined } | 'gone';

/**
 * Every product of the guest lines, with at most one call to the catalog: the cart's own copies
 * first (one query), then one batched look-up of the rest (decision 0097). An id the catalog does
 * not have is 'gone'.
 */
async function productsOfLines(deps: CartDeps, productIds: string[], signal: AbortSignal | undefined): Promise<Map<string, Found>> {
  const found = new Map<string, Found>();
  const copies = await findSnapshots(deps.db, productIds);
  const missing: string[] = [];
  for (const id of productIds) {
    const copy = copies.get(id);
    if (copy && !copy.deleted) found.set(id, { product: productOfSnapshot(copy), stored: true });
    else missing.push(id);
  }
  const fetched = await deps.catalog.lookupProducts(missing, signal);
  for (const id of missing) {
    const product = fetched.get(id);
    found.set(id, product ? { product, stored: false, copy: copies.get(id) } : 'gone');
  }
  return found;
}

export interface MergeOptions {
  /** Aborted when the caller has gone: the catalog call is abandoned and nothing is written. */
  signal?: AbortSignal;
}

/**
 * Adds a guest cart (kept in the browser before login) to the user's cart, in one transaction
 * under the cart lock: each guest line raises the line of its product, size and colour (or makes
 * one), capped by the stock of its size (shared with the cart's other colours of that size), by
 * 100 per line and by 50 lines. Every line gets a result saying what was added and, when not all
 * of it, why. Lines of one variant are folded first; the products are read with one catalog call
 * whatever the number of lines, and more than MAX_GUEST_MERGE_UNKNOWN_PRODUCTS products the
 * catalog does not have refuse the whole merge (400, decision 0097). The same merge key again
 * answers the first merge's results and adds nothing, so a double submit or a retry never doubles
 * a line (decision 0063); a merge that added nothing leaves no record. A catalog that cannot be
 * reached fails the whole merge (503) before anything is written, so the retry starts clean.
 */
export async function mergeGuestCart(deps: CartDeps, userId: string, input: MergeGuestCartInput, opts: MergeOptions = {}): Promise<GuestMerge> {
  const guestLines = combined(input.lines);
  const before = await earlierMerge(deps.db, userId, input.mergeKey);
  if (before) return { results: before, cart: await loadCart(deps.db, userId), replayed: true };

  // The catalog is asked before the transaction: an HTTP call never holds the cart lock.
  const products = await productsOfLines(deps, [...new Set(guestLines.map((l) => l.productId))], opts.signal);
  let unknown = 0;
  for (const found of products.values()) if (found === 'gone') unknown += 1;
  if (unknown > MAX_GUEST_MERGE_UNKNOWN_PRODUCTS) throw badRequest(cartMessages.mergeTooManyUnknown);
  if (opts.signal?.aborted) throw badRequest('The request was abandoned by its caller');

  return deps.db.transaction(async (tx) => {
    await lockCart(tx, userId);
    // A concurrent request with the same key merged while this one waited for the lock.
    const raced = await earlierMerge(tx, userId, input.mergeKey);
    if (raced) return { results: raced, cart: await loadCart(tx, userId), replayed: true };

    const now = deps.clock();
    // The cart's lines, read once under the lock and kept up to date below (not read per guest line).
    const held = await linesByProduct(tx, userId);
    let lineTotal = [...held.values()].reduce((n, lines) => n + lines.length, 0);
    const saved = new Set<string>();
    const results: GuestMergeResult[] = [];
    for (const guest of guestLines) {
      const found = products.get(guest.productId)!;
      const wantedSize = guest.properties?.size ?? null;
      const wantedColor = guest.properties?.color ?? null;
      const refused = (name: string, size: string | null, color: string | null, reason: string): GuestMergeResult => ({
        productId: guest.productId,
        name,
        size,
        color,
        requested: guest.quantity,
        added: 0,
        status: 'refused',
        lineId: null,
        message: cartMessages.mergeNone(labelOf(name, size, color), reason),
      });
      if (found === 'gone') {
        results.push(refused('A product', wantedSize, wantedColor, cartMessages.productUnavailable.toLowerCase()));
        continue;
      }
      const { product } = found;
      let properties;
      try {
        properties = resolveProperties(product, { size: wantedSize, color: wantedColor });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push(refused(product.name, wantedSize, wantedColor, err.message.toLowerCase()));
        continue;
      }
      const { size, color } = properties;
      const lines = held.get(product.id) ?? [];
      held.set(product.id, lines);
      const target = lines.find((l) => isVariant(l, properties));
      const inCart = target?.quantity ?? 0;
      const available = stockFor(product, size) - heldByOthers(product, lines, size, target?.lineId);
      const quantity = Math.min(inCart + guest.quantity, MAX_QUANTITY_PER_LINE, Math.max(available, inCart));
      const added = quantity - inCart;
      const stockBound = available < MAX_QUANTITY_PER_LINE;
      const reason = stockBound ? cartMessages.mergeReasonStock : cartMessages.mergeReasonLineMax;
      if (added <= 0) {
        results.push(refused(product.name, size, color, stockBound ? cartMessages.mergeReasonNoStock : reason));
        continue;
      }
      if (!target && lineTotal >= MAX_CART_LINES) {
        results.push(refused(product.name, size, color, cartMessages.mergeReasonCartFull));
        continue;
      }
      // The quantity is within the stock by construction; this keeps the one rule in one place.
      assertInStock(product, size, quantity, heldByOthers(product, lines, size, target?.lineId));
      if (!found.stored && !saved.has(product.id)) {
        await saveSnapshot(tx, product, now, { stored: found.copy });
        saved.add(product.id);
      }
      let lineId: string;
      if (target) {
        await tx.execute(sql`update cart.cart_lines set quantity = ${quantity}, updated_at = ${now.toISOString()} where line_id = ${target.lineId}`);
        lineId = target.lineId;
        target.quantity = quantity;
      } else {
        // A millisecond apart, so the new lines keep the guest cart's order (a cart is read by added_at).
        lineId = await insertCountedLine(tx, userId, product.id, quantity, properties, new Date(now.getTime() + results.length));
        lines.push({ lineId, quantity, size, color });
        lineTotal += 1;
      }
      const all = added === guest.quantity;
      results.push({
        productId: product.id,
        name: product.name,
        size,
        color,
        requested: guest.quantity,
        added,
        status: all ? 'merged' : 'partial',
        lineId,
        message: all ? null : cartMessages.mergeShort(added, labelOf(product.name, size, color), reason),
      });
    }
    // Only a merge that changed the cart is remembered: one that added nothing can safely run again,
    // and a stream of made-up keys leaves no rows behind.
    if (results.some((r) => r.added > 0)) {
      await tx.execute(
        sql`insert into cart.guest_cart_merges (user_id, merge_key, result, merged_at)
          values (${userId}, ${input.mergeKey}, ${JSON.stringify(results)}::jsonb, ${now.toISOString()})`,
      );
      businessMetrics.cartUpdates.inc({ service: 'cart', action: 'merge' });
    }
    return { results, cart: await loadCart(tx, userId), replayed: false };
  });
}

/** The user's cart lines by product, oldest first: what linesOf reads of one product, for all at once. */
async function linesByProduct(tx: Tx, userId: string): Promise<Map<string, LineOfProduct[]>> {
  const { rows } = await tx.execute(sql`select product_id, line_id, quantity, size, color from cart.cart_lines where user_id = ${userId} order by added_at, line_id`);
  const byProduct = new Map<string, LineOfProduct[]>();
  for (const r of rows) {
    const line = { lineId: r.line_id as string, quantity: r.quantity as number, size: r.size as string | null, color: r.color as string | null };
    const lines = byProduct.get(r.product_id as string);
    if (lines) lines.push(line);
    else byProduct.set(r.product_id as string, [line]);
  }
  return byProduct;
}

/** The message a shopper sees after a merge: what could not be added, else that all of it was. */
export function mergeMessage(merge: Pick<GuestMerge, 'results'>): string {
  const problems = merge.results.map((r) => r.message).filter((m): m is string => m !== null);
  return problems.length > 0 ? problems.join(' ') : cartMessages.merged(merge.results.length);
}
