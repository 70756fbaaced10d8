import { asc, inArray, sql } from 'drizzle-orm';
import type { EventPayload } from '@shop/proto-contracts';
import type { Tx } from '@shop/platform';
import { products } from '../db/schema';
import type { CatalogDeps } from './catalog-deps';
import { productColumns } from './product-listing.service';
import { announceProducts, returnStock } from './stock-reservation.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Puts a received return's units back in stock, inside the caller's transaction: each (return,
 * product, size) is recorded in return_restocks first, and only a line whose row was new goes back,
 * so a redelivered or repeated event never restocks twice. Products deleted since, and sizes no
 * longer offered, are skipped. Answers the number of lines restocked.
 */
export async function restockReturnIn(tx: Tx, deps: Pick<CatalogDeps, 'schema' | 'logger'>, payload: EventPayload<'ReturnReceived'>): Promise<number> {
  if (!UUID.test(payload.returnId)) return 0;
  const returnId = payload.returnId.toLowerCase();
  const lines = payload.items.filter((i) => UUID.test(i.productId)).map((i) => ({ ...i, productId: i.productId.toLowerCase() }));
  const ids = [...new Set(lines.map((l) => l.productId))].sort();
  if (ids.length === 0) return 0;
  const locked = await tx.select(productColumns).from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for('update');
  const byId = new Map(locked.map((p) => [p.id, p]));
  const touched = new Set<string>();
  for (const line of lines) {
    const claimed = await tx.execute(sql`insert into ${sql.identifier(deps.schema)}.return_restocks (return_id, product_id, size, quantity)
      values (${returnId}, ${line.productId}, ${line.size ?? ''}, ${line.quantity}) on conflict do nothing returning return_id`);
    if (claimed.rows.length === 0) continue;
    const product = byId.get(line.productId);
    if (product && (await returnStock(tx, product, line.size, line.quantity))) touched.add(product.id);
    else deps.logger.warn({ returnId, productId: line.productId, size: line.size }, 'returned stock not put back: product or size is gone');
  }
  await announceProducts(tx, deps.schema, [...touched].sort());
  return touched.size;
}
