import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  MAX_QUANTITY_PER_LINE,
  cartMessages,
  catalogMessages,
  orderMessages,
  type ReservedLine,
  type StockReservation,
  type StockReservationRequest,
  type StockShortage,
} from '@shop/proto-contracts';
import { badRequest, businessMetrics, conflict, enqueueEvent, notFound, type Tx } from '@shop/platform';
import { products, stockReservations, type StockReservationRow } from '../db/schema';
import type { CatalogDeps } from './catalog-deps';
import { isUniqueViolation } from './catalog-errors';
import { productColumns } from './product-listing.service';
import { productChangedEvent } from './product.events';
import { lineThumbnailOf, type ProductColumns } from './product.model';

export type ReserveOutcome =
  | { ok: true; reservation: StockReservation; replayed: boolean }
  | { ok: false; shortage: StockShortage };

interface WantedLine {
  product: ProductColumns;
  size: string | null;
  color: string | null;
  quantity: number;
}

/** Units of a product (and size) in stock in a locked row. */
function availableOf(p: ProductColumns, size: string | null): number {
  return size === null ? p.stock : (p.stockDetail[size] ?? 0);
}

/**
 * The size a line takes: products with sizes need one they offer (matched ignoring case, the
 * product's spelling kept); products without sizes take none, whatever was sent (as the cart does).
 */
function sizeFor(p: ProductColumns, wanted: string | undefined): string | null {
  if (p.sizes.length === 0) return null;
  if (!wanted) throw badRequest(`${cartMessages.sizeRequired} for ${p.name}`);
  const w = wanted.trim().toLowerCase();
  const match = p.sizes.find((s) => s.toLowerCase() === w);
  if (!match) throw badRequest(`Size ${wanted} is not available for ${p.name}`);
  return match;
}

/** The colour a line takes: one the product offers (its first when none was chosen), or none when it has no colours. */
function colorFor(p: ProductColumns, wanted: string | undefined): string | null {
  if (p.colors.length === 0) return null;
  if (!wanted) return p.colors[0]!;
  const w = wanted.trim().toLowerCase();
  const match = p.colors.find((c) => c.toLowerCase() === w);
  if (!match) throw badRequest(`Colour ${wanted} is not available for ${p.name}`);
  return match;
}

function toReservation(row: StockReservationRow): StockReservation {
  return { success: true, reservationId: row.id, lines: row.lines, createdAt: row.createdAt.toISOString() };
}

async function findReservation(deps: CatalogDeps, id: string): Promise<StockReservationRow | undefined> {
  const [row] = await deps.db.select().from(stockReservations).where(eq(stockReservations.id, id));
  return row;
}

function replay(row: StockReservationRow): ReserveOutcome {
  if (row.releasedAt) throw conflict(`Stock reservation ${row.id} was released already`);
  return { ok: true, reservation: toReservation(row), replayed: true };
}

/**
 * Reserves every line of an order or none, in one transaction: the products are locked in id
 * order (so two checkouts never deadlock), every line is checked, then per-size and total stock go
 * down with conditional updates (never below 0), the reservation is recorded and ProductChanged is
 * written for each product. The same reservation id again answers the first result and changes
 * nothing. A short line is a typed result naming the product; an unknown product is a 404 and a
 * size the product does not offer a 400.
 */
export async function reserveStock(deps: CatalogDeps, request: StockReservationRequest): Promise<ReserveOutcome> {
  const earlier = await findReservation(deps, request.reservationId);
  if (earlier) return replay(earlier);

  // Read before the transaction (the directory reads with the outer handle): the category each line is sold in.
  const categoryNames = new Map((await deps.categories.all()).map((c) => [c.id, c.name]));
  let outcome: ReserveOutcome;
  try {
    outcome = await deps.db.transaction(async (tx): Promise<ReserveOutcome> => {
      const ids = [...new Set(request.items.map((i) => i.productId))].sort();
      const locked = await tx.select(productColumns).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for('update');
      const byId = new Map(locked.map((p) => [p.id, p]));

      // Sizes and colours are matched ignoring case, the product's spelling kept.
      const wanted = new Map<string, WantedLine>();
      for (const item of request.items) {
        const product = byId.get(item.productId);
        if (!product) throw notFound(catalogMessages.productNotFound);
        const size = sizeFor(product, item.size);
        const key = `${product.id}|${size ?? ''}`;
        const line = wanted.get(key);
        if (line) line.quantity += item.quantity;
        // Lines of one product and size are one line: the first line's colour is kept.
        else wanted.set(key, { product, size, color: colorFor(product, item.color), quantity: item.quantity });
      }
      for (const line of wanted.values()) {
        // Lines that differ only by a size the product does not have are one line here: still at most 100.
        if (line.quantity > MAX_QUANTITY_PER_LINE) throw badRequest(orderMessages.quantityTooLarge);
        const available = availableOf(line.product, line.size);
        if (line.quantity > available) {
          return {
            ok: false,
            shortage: {
              success: false,
              message: orderMessages.onlyInStock(available, line.product.name, line.size),
              productId: line.product.id,
              size: line.size,
              available,
            },
          };
        }
      }

      // Each product as it stands after its last line was taken (for its ProductChanged).
      const after = new Map<string, ProductColumns>();
      for (const line of wanted.values()) {
        const taken = await takeStock(tx, line.product.id, line.size, line.quantity);
        // The rows are locked and checked above; this guards the invariant if that ever changes.
        if (!taken) throw new Error(`stock of ${line.product.id} changed under its lock`);
        after.set(taken.id, taken);
      }

      const now = deps.clock();
      const lines: ReservedLine[] = [...wanted.values()].map(({ product, size, color, quantity }) => ({
        productId: product.id,
        code: product.code,
        name: product.name,
        image: lineThumbnailOf(product, color),
        size,
        color,
        quantity,
        pricePaise: product.price,
        categoryId: product.categoryId,
        categoryName: categoryNames.get(product.categoryId) ?? null,
      }));
      const [row] = await tx.insert(stockReservations).values({ id: request.reservationId, lines, createdAt: now }).returning();
      for (const product of after.values()) await enqueueEvent(tx, deps.schema, productChangedEvent(product, byId.get(product.id)!.stock));
      return { ok: true, reservation: toReservation(row), replayed: false };
    });
  } catch (err) {
    // The same reservation id, reserved at the same moment by another request, won: answer its result.
    if (isUniqueViolation(err)) {
      const row = await findReservation(deps, request.reservationId);
      if (row) return replay(row);
    }
    throw err;
  }
  if (outcome.ok) deps.publishEvents();
  else businessMetrics.reservationsRefused.inc({ service: 'catalog' });
  return outcome;
}

/**
 * Takes units of a product (and size) if they are there: answers the product as it now stands, or
 * undefined when they are not there (nothing changed).
 */
async function takeStock(tx: Tx, productId: string, size: string | null, quantity: number): Promise<ProductColumns | undefined> {
  const sizeStock = size === null ? undefined : sql`coalesce((${products.stockDetail} ->> ${size}::text)::int, 0)`;
  const [row] = await tx
    .update(products)
    .set({
      stock: sql`${products.stock} - ${quantity}`,
      ...(sizeStock && { stockDetail: sql`jsonb_set(${products.stockDetail}, array[${size}::text], to_jsonb(${sizeStock} - ${quantity}::int))` }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(products.id, productId), sql`${products.stock} >= ${quantity}`, sizeStock && sql`${sizeStock} >= ${quantity}::int`))
    .returning(productColumns);
  return row;
}

/** Puts units back (a sized line only while the product still offers that size). */
export async function returnStock(tx: Tx, product: ProductColumns, size: string | null, quantity: number): Promise<boolean> {
  if (size === null) {
    if (product.sizes.length > 0) return false;
    await tx.execute(sql`update ${products} set stock = stock + ${quantity}, updated_at = now() where id = ${product.id}`);
    return true;
  }
  if (!product.sizes.includes(size)) return false;
  await tx.execute(sql`update ${products} set
      stock = stock + ${quantity},
      stock_detail = jsonb_set(stock_detail, array[${size}::text], to_jsonb(coalesce((stock_detail ->> ${size}::text)::int, 0) + ${quantity}::int)),
      updated_at = now()
    where id = ${product.id}`);
  return true;
}

/**
 * Writes ProductChanged (with the new stock) for each product, in the caller's transaction; with
 * the products as they were before (locked), the events say whether only stock changed.
 */
export async function announceProducts(tx: Tx, schema: string, ids: string[], before?: Map<string, Pick<ProductColumns, 'stock'>>): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx.select(productColumns).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id));
  for (const row of rows) await enqueueEvent(tx, schema, productChangedEvent(row, before?.get(row.id)?.stock));
}

/**
 * Releases a reservation inside the caller's transaction: marks it released (only if it was not,
 * so the stock goes back exactly once), locks its products in id order and puts the units back.
 * An id never reserved is recorded as released, so it cannot be reserved later.
 * Products deleted since, and sizes no longer offered, are skipped. Answers whether anything was released.
 */
export async function releaseReservationIn(tx: Tx, deps: Pick<CatalogDeps, 'schema' | 'clock' | 'logger'>, reservationId: string): Promise<boolean> {
  const [row] = await tx
    .update(stockReservations)
    .set({ releasedAt: deps.clock() })
    .where(and(eq(stockReservations.id, reservationId), isNull(stockReservations.releasedAt)))
    .returning();
  if (!row) {
    // Never reserved (yet): a tombstone makes a late reservation request for this id a 409, so a
    // checkout the order service gave up cannot hold stock afterwards (decision 0020).
    await tx.insert(stockReservations).values({ id: reservationId, lines: [], createdAt: deps.clock(), releasedAt: deps.clock() }).onConflictDoNothing();
    return false;
  }
  const ids = [...new Set(row.lines.map((l) => l.productId))].sort();
  const locked = await tx.select(productColumns).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for('update');
  const byId = new Map(locked.map((p) => [p.id, p]));
  const touched = new Set<string>();
  for (const line of row.lines) {
    const product = byId.get(line.productId);
    if (product && (await returnStock(tx, product, line.size, line.quantity))) touched.add(product.id);
    else deps.logger.warn({ reservationId, productId: line.productId, size: line.size }, 'reserved stock not returned: product or size is gone');
  }
  await announceProducts(tx, deps.schema, [...touched].sort(), byId);
  return true;
}

/** Releases a reservation (DELETE /internal/v1/stock/reservations/:id); unknown or released already: nothing happens. */
export async function releaseReservation(deps: CatalogDeps, reservationId: string): Promise<boolean> {
  const released = await deps.db.transaction((tx) => releaseReservationIn(tx, deps, reservationId));
  if (released) deps.publishEvents();
  return released;
}
