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
import { AppError, badRequest, businessMetrics, conflict, enqueueEvent, fixedStatement, foldedTransaction, genericPlans, notFound, outboxInsertManyText, outboxRowsParam, rowsAs, type FixedStatement, type Tx } from '@shop/platform';
import { products, stockReservations, type StockReservationRow } from '../db/schema';
import type { CatalogDeps } from './catalog-deps';
import { isUniqueViolation } from './catalog-errors';
import { productColumns } from './product-listing.service';
import { productChangedEvent } from './product.events';
import { lineThumbnailOf, type ProductColumns } from './product.model';
import { effectiveHsnOf, gstRules, rateOfProduct } from './gst-rate.service';

/** The HSN code and rate a product sells under now. */
function gstOfLine(rules: Awaited<ReturnType<typeof gstRules>>, product: ProductColumns, categoryName: string | undefined) {
  const hsnCode = effectiveHsnOf(product, categoryName);
  return { hsnCode, gstRateBp: rateOfProduct(rules, hsnCode, product.price) };
}

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
 * down (never below 0; the update applies only to stock still as read under the lock), the
 * reservation is recorded and ProductChanged is written for each product, in one statement. The same reservation id again answers the first result and changes
 * nothing. A short line is a typed result naming the product; an unknown product is a 404 and a
 * size the product does not offer a 400.
 */
export async function reserveStock(deps: CatalogDeps, request: StockReservationRequest): Promise<ReserveOutcome> {
  // Read before the transaction (the directory reads with the outer handle): the category each line is sold in.
  const categoryNames = new Map((await deps.categories.all()).map((c) => [c.id, c.name]));
  // The GST rate table (cached): each line is taxed at its HSN's rate for its price now (decision 0046).
  const rules = await gstRules(deps);
  let outcome: ReserveOutcome;
  try {
    // BEGIN goes with the lock, COMMIT with the write: two round trips (decision 0038).
    outcome = await foldedTransaction(deps.db, async (f): Promise<ReserveOutcome> => {
      const ids = [...new Set(request.items.map((i) => i.productId))].sort();
      // On their generic plans (decision 0089): else both statements are planned again for every order.
      const [, lockedRows] = await f.send([[genericPlans, []], [lockProductsStatement, [ids]]]);
      const locked = rowsAs<ProductColumns>(productColumns, lockedRows);
      const byId = new Map(locked.map((p) => [p.id, p]));

      // Sizes and colours are matched ignoring case, the product's spelling kept. Each colour of a
      // size is its own line (decision 0062); the colours of one size share that size's stock.
      const wanted = new Map<string, WantedLine>();
      const ofStock = new Map<string, WantedLine>();
      for (const item of request.items) {
        const product = byId.get(item.productId);
        if (!product) throw notFound(catalogMessages.productNotFound);
        const size = sizeFor(product, item.size);
        const color = colorFor(product, item.color);
        const key = `${product.id}|${size ?? ''}|${color ?? ''}`;
        const line = wanted.get(key);
        if (line) line.quantity += item.quantity;
        else wanted.set(key, { product, size, color, quantity: item.quantity });
        const stockKey = `${product.id}|${size ?? ''}`;
        const pool = ofStock.get(stockKey);
        if (pool) pool.quantity += item.quantity;
        else ofStock.set(stockKey, { product, size, color, quantity: item.quantity });
      }
      for (const line of wanted.values()) {
        // Lines that differ only by a spelling the product does not have are one line here: still at most 100.
        if (line.quantity > MAX_QUANTITY_PER_LINE) throw badRequest(orderMessages.quantityTooLarge);
      }
      for (const line of ofStock.values()) {
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

      // Each product as it stands after its last line was taken (its rows are locked, so this is
      // what the update below leaves), for the update and its ProductChanged.
      const after = new Map<string, ProductColumns>();
      for (const line of wanted.values()) {
        const current = after.get(line.product.id) ?? line.product;
        const taken = takenFrom(current, line.size, line.quantity);
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
        ...gstOfLine(rules, product, categoryNames.get(product.categoryId)),
      }));
      const changed = [...after.values()];
      // The stock, the reservation and the ProductChanged events: one statement, sent with the
      // COMMIT. It fails (and so rolls back) unless every product's stock was still as read.
      const [[written]] = await f.send(
        [
          [
            writeReservationStatement(deps.schema),
            [
              changed.map((p) => p.id),
              changed.map((p) => p.stock),
              changed.map((p) => JSON.stringify(p.stockDetail)),
              changed.map((p) => byId.get(p.id)!.stock),
              request.reservationId,
              JSON.stringify(lines),
              now.toISOString(),
              outboxRowsParam(changed.map((p) => productChangedEvent(p, byId.get(p.id)!.stock))),
              changed.length,
            ],
          ],
        ],
        { commit: true },
      );
      // The lines as stored (jsonb's key order), so a replay answers the very same body.
      return { ok: true, reservation: { success: true, reservationId: request.reservationId, lines: written!.lines, createdAt: now.toISOString() }, replayed: false };
    });
  } catch (err) {
    // The same reservation id, reserved (or released) before or at the same moment by another
    // request: answer its result. A product or size gone since is answered from it too.
    if (isUniqueViolation(err) || (err instanceof AppError && err.status < 500)) {
      const row = await findReservation(deps, request.reservationId);
      if (row) return replay(row);
    }
    throw err;
  }
  if (outcome.ok) deps.publishEvents();
  else {
    // A reservation made before answers as it did then, whatever the stock is now.
    const row = await findReservation(deps, request.reservationId);
    if (row) return replay(row);
    businessMetrics.reservationsRefused.inc({ service: 'catalog' });
  }
  return outcome;
}

/** Locks the products (in id order, so two checkouts never deadlock) and reads them: written once, it runs for every order. */
const lockProductsStatement = fixedStatement(`select ${Object.values(productColumns)
  .map((c) => `"${c.name}"`)
  .join(', ')} from catalog.products where id = any($1::uuid[]) order by id for update`);

/** A product after `quantity` units (of a size) are taken, or undefined when they are not there. */
function takenFrom(p: ProductColumns, size: string | null, quantity: number): ProductColumns | undefined {
  if (p.stock < quantity || (size !== null && (p.stockDetail[size] ?? 0) < quantity)) return undefined;
  const stockDetail = size === null ? p.stockDetail : { ...p.stockDetail, [size]: (p.stockDetail[size] ?? 0) - quantity };
  return { ...p, stock: p.stock - quantity, stockDetail };
}

/**
 * Sets the stock of the locked products (only where it is still what was read: `before`), records
 * the reservation and writes the events, in one statement written once per outbox schema
 * (decision 0033). Answers how many products were updated and the lines as stored; fails unless
 * that is all of them ($9), so the COMMIT sent with it rolls back (decision 0038).
 */
const writeReservationStatements = new Map<string, FixedStatement<{ taken: number; lines: ReservedLine[] }>>();
function writeReservationStatement(schema: string): FixedStatement<{ taken: number; lines: ReservedLine[] }> {
  let statement = writeReservationStatements.get(schema);
  if (!statement) {
    statement = fixedStatement(`with taken as (
        update catalog.products as p set stock = v.stock, stock_detail = v.detail::jsonb, updated_at = now()
        from unnest($1::uuid[], $2::int[], $3::text[], $4::int[]) as v(id, stock, detail, before)
        where p.id = v.id and p.stock = v.before
        returning p.id
      ), reservation as (
        insert into catalog.stock_reservations (id, lines, created_at) values ($5::uuid, $6::jsonb, $7::timestamptz)
        returning lines
      ), events as (
        ${outboxInsertManyText(schema, 8)}
      )
      select case when t.n = $9::int then t.n
          -- Not every product updated: an error (the text depends on the rows, so it is raised only then), so the COMMIT sent with it rolls back.
          else ('stock changed under its lock: ' || t.n || ' of ' || $9::int || ' products')::int end as taken,
        (select lines from reservation) as lines
      from (select count(*)::int as n from taken) as t`);
    writeReservationStatements.set(schema, statement);
  }
  return statement;
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
