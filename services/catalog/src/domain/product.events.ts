import { makeEvent, type EventGroup } from '@shop/platform';
import type { EventEnvelope } from '@shop/proto-contracts';
import type { ProductColumns } from './product.model';

/**
 * ProductChanged: what other services keep of a product (cart and order show and price it).
 * Money in paise, as everywhere between services. `stockOnly` (given the total stock before a
 * reservation or release) says that only stock figures changed and the product was in stock before
 * and after: no listing gains or loses it, so caches need drop only the answers that show it
 * (decision 0031).
 */
export function productChangedEvent(p: ProductColumns, stockBefore?: number) {
  return makeEvent('catalog', 'ProductChanged', {
    ...(stockBefore !== undefined && stockBefore > 0 && p.stock > 0 ? { stockOnly: true } : {}),
    productId: p.id,
    code: p.code,
    name: p.name,
    price: p.price,
    discount: p.discount,
    stock: p.stock,
    stockDetail: p.stockDetail,
    image: p.images[0] ?? null,
  });
}

export function productDeletedEvent(p: Pick<ProductColumns, 'id'>) {
  return makeEvent('catalog', 'ProductDeleted', { productId: p.id });
}

/** How long the catalog's relay waits for more commits before a pass: a pass folds each product's changes (decision 0038). */
export const PRODUCT_EVENTS_KICK_DELAY_MS = 25;

/**
 * The relay's folding of one pass (decision 0038): every ProductChanged carries the product's whole
 * state after the change, so a product's changes in one pass are published as its newest one —
 * `stockOnly` only when each of them was (in stock throughout, only stock moved). Other events go
 * as they are. Under checkout load a popular product's stock moves many times in a pass; every
 * consumer (the gateway's cache, the cart's copies) needs only where it ended.
 */
export function coalesceProductChanges(events: EventEnvelope[]): EventGroup[] {
  const groups: EventGroup[] = [];
  const byProduct = new Map<string, EventGroup & { stockOnly: boolean }>();
  events.forEach((event, i) => {
    const productId = event.type === 'ProductChanged' ? event.payload.productId : undefined;
    if (typeof productId !== 'string') {
      groups.push({ event, members: [i] });
      return;
    }
    const stockOnly = event.payload.stockOnly === true;
    const group = byProduct.get(productId);
    if (!group) {
      const first = { event, members: [i], stockOnly };
      byProduct.set(productId, first);
      groups.push(first);
      return;
    }
    group.members.push(i);
    group.stockOnly &&= stockOnly;
    group.event = event;
  });
  return groups.map((g) => {
    if (!('stockOnly' in g) || g.members.length === 1 || g.stockOnly || g.event.payload.stockOnly !== true) return { event: g.event, members: g.members };
    // The newest change was stock-only, an earlier one of the pass was not: the folded one is not.
    const { stockOnly: _dropped, ...payload } = g.event.payload;
    return { event: { ...g.event, payload }, members: g.members };
  });
}
