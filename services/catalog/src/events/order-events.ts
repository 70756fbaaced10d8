import { inArray } from 'drizzle-orm';
import { enqueueEvent, idempotentHandler, routeByType, type EventBus } from '@shop/platform';
import { isOrderId } from '@shop/proto-contracts';
import { products } from '../db/schema';
import type { CatalogDeps } from '../domain/catalog-deps';
import { productColumns } from '../domain/product-listing.service';
import { productChangedEvent } from '../domain/product.events';
import { restockReturnIn } from '../domain/return-restock.service';
import { recordDeliveredProducts } from '../domain/review.service';
import { releaseReservationIn } from '../domain/stock-reservation.service';

export const CATALOG_QUEUES = { orders: 'catalog.order-events' } as const;

/**
 * OrderCancelled → the order's stock reservation is released. The processed-event id and the
 * release commit together, and a release happens at most once per reservation anyway, so a
 * redelivery (or a release already made over HTTP) puts nothing back twice. ReturnReceived → the
 * returned units go back in stock, once per return, product and size.
 *
 * OrderStatusChanged to delivered (version 2 names the products) → the buyer received those
 * products: their reviews of them show as verified purchases. Products whose shown reviews change
 * are announced (ProductChanged), so cached product pages show the mark at once.
 */
export async function followOrderEvents(deps: CatalogDeps, bus: EventBus): Promise<void> {
  const release = idempotentHandler({
    db: deps.db,
    schema: deps.schema,
    consumer: CATALOG_QUEUES.orders,
    type: 'OrderCancelled',
    handle: async (tx, payload) => {
      if (isOrderId(payload.orderId)) await releaseReservationIn(tx, deps, payload.orderId.toLowerCase());
    },
  });
  const restock = idempotentHandler({
    db: deps.db,
    schema: deps.schema,
    consumer: CATALOG_QUEUES.orders,
    type: 'ReturnReceived',
    handle: async (tx, payload) => {
      await restockReturnIn(tx, deps, payload);
    },
  });
  const delivered = idempotentHandler({
    db: deps.db,
    schema: deps.schema,
    consumer: CATALOG_QUEUES.orders,
    type: 'OrderStatusChanged',
    handle: async (tx, payload, event) => {
      if (payload.status.toLowerCase() !== 'delivered' || !payload.productIds?.length) return;
      const changed = await recordDeliveredProducts(tx, {
        userId: payload.userId.toLowerCase(),
        orderId: payload.orderId.toLowerCase(),
        productIds: payload.productIds,
        deliveredAt: new Date(event.occurredAt),
      });
      if (changed.length === 0) return;
      const rows = await tx.select(productColumns).from(products).where(inArray(products.id, changed));
      for (const row of rows) await enqueueEvent(tx, deps.schema, productChangedEvent(row));
    },
  });
  const handle = routeByType({ OrderCancelled: release, ReturnReceived: restock, OrderStatusChanged: delivered });
  await bus.subscribe({
    queue: CATALOG_QUEUES.orders,
    types: ['OrderCancelled', 'ReturnReceived', 'OrderStatusChanged'],
    handler: async (event) => {
      await handle(event);
      deps.publishEvents();
    },
  });
}
