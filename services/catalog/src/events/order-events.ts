import { idempotentHandler, type EventBus } from '@shop/platform';
import { isOrderId } from '@shop/proto-contracts';
import type { CatalogDeps } from '../domain/catalog-deps';
import { releaseReservationIn } from '../domain/stock-reservation.service';

export const CATALOG_QUEUES = { orders: 'catalog.order-events' } as const;

/**
 * OrderCancelled → the order's stock reservation is released. The processed-event id and the
 * release commit together, and a release happens at most once per reservation anyway, so a
 * redelivery (or a release already made over HTTP) puts nothing back twice.
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
  await bus.subscribe({
    queue: CATALOG_QUEUES.orders,
    types: ['OrderCancelled'],
    handler: async (event) => {
      await release(event);
      deps.publishEvents();
    },
  });
}
