import { z } from 'zod';
import { AppError, idempotentHandler, routeByType, runWithContext, type EventBus, type EventHandler } from '@shop/platform';
import { eventSchemas, type EventEnvelope } from '@shop/proto-contracts';
import type { CartDeps, CatalogProduct } from '../domain/cart-deps';
import { deleteUserCartData, removeOrderedLinesOnce } from '../domain/cart.service';
import { applyProductChange, hasSnapshot, markSnapshotDeleted, saveSnapshot, type ProductChangeFacts } from '../domain/product-snapshot';

export const CART_QUEUES = {
  orders: 'cart.order-events',
  catalog: 'cart.catalog-events',
  users: 'cart.user-events',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The variants of an OrderPlaced payload's items (malformed entries are skipped); also read by the consistency check after a restore (decision 0102). */
export const orderedVariants = z
  .array(z.object({ productId: z.string(), size: z.string().nullish().catch(null), color: z.string().nullish().catch(null) }).passthrough())
  .catch([])
  .transform((items) =>
    items
      .map((i) => ({ productId: i.productId.toLowerCase(), size: i.size ?? null, color: i.color ?? null }))
      .filter((i) => UUID.test(i.productId)),
  );

/** The product facts a ProductChanged event may carry (paise); anything malformed is left out. */
const changeFacts = z.object({
  name: z.string().min(1).optional().catch(undefined),
  price: z.number().int().min(0).optional().catch(undefined),
  discount: z.number().int().min(0).max(90).optional().catch(undefined),
  stock: z.number().int().min(0).optional().catch(undefined),
  stockDetail: z.record(z.string(), z.number().int().min(0)).optional().catch(undefined),
});

/** Subscribes the cart's consumers; each event id is acted on once (processed ids commit with the writes). */
export async function followCartEvents(deps: CartDeps, bus: EventBus): Promise<void> {
  const base = { db: deps.db, schema: deps.schema };

  await bus.subscribe({
    queue: CART_QUEUES.orders,
    types: ['OrderPlaced'],
    // As idempotentHandler does (once per event id, the claim with the writes), in one statement.
    handler: async (event) => {
      if (event.type !== 'OrderPlaced') return;
      const payload = eventSchemas.OrderPlaced.payload.parse(event.payload);
      const ordered = orderedVariants.parse((payload as { items?: unknown }).items);
      await runWithContext({ requestId: event.correlationId ?? event.id }, () =>
        // The envelope's occurredAt is when the order was written (its outbox row, same transaction).
        removeOrderedLinesOnce(deps.db, { schema: deps.schema, consumer: CART_QUEUES.orders, eventId: event.id }, payload.userId, ordered, new Date(event.occurredAt)),
      );
    },
  });

  await bus.subscribe({
    queue: CART_QUEUES.catalog,
    types: ['ProductChanged', 'ProductDeleted'],
    handler: routeByType({
      ProductChanged: productChangedHandler(deps),
      ProductDeleted: idempotentHandler({
        ...base,
        consumer: CART_QUEUES.catalog,
        type: 'ProductDeleted',
        handle: async (tx, payload) => {
          if (UUID.test(payload.productId)) await markSnapshotDeleted(tx, payload.productId.toLowerCase(), deps.clock());
        },
      }),
    }),
  });

  await bus.subscribe({
    queue: CART_QUEUES.users,
    types: ['UserDeleted'],
    handler: idempotentHandler({
      ...base,
      consumer: CART_QUEUES.users,
      type: 'UserDeleted',
      handle: (tx, payload) => deleteUserCartData(tx, payload.userId),
    }),
  });
}

/**
 * ProductChanged: the snapshot is refreshed from the catalog (the event does not carry sizes and
 * colours); a 404 there means the product is gone. The catalog is asked before the transaction
 * opens, never inside it. While the catalog is down the event's own facts are applied.
 */
function productChangedHandler(deps: CartDeps): EventHandler {
  return async (event: EventEnvelope) => {
    const payload = eventSchemas.ProductChanged.payload.parse(event.payload);
    const productId = payload.productId.toLowerCase();
    if (!UUID.test(productId) || !(await hasSnapshot(deps.db, productId))) return;
    let fresh: CatalogProduct | 'gone' | undefined;
    try {
      fresh = await deps.catalog.getProduct(productId);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.kind === 'NOT_FOUND') fresh = 'gone';
      else if (err.kind === 'SERVICE_UNAVAILABLE') deps.logger.warn({ productId, eventId: event.id }, 'catalog unavailable; applying the event as sent');
      else throw err;
    }
    const facts: ProductChangeFacts = changeFacts.parse(payload);
    await idempotentHandler({
      db: deps.db,
      schema: deps.schema,
      consumer: CART_QUEUES.catalog,
      type: 'ProductChanged',
      handle: async (tx) => {
        const now = deps.clock();
        if (fresh === 'gone') await markSnapshotDeleted(tx, productId, now);
        else if (fresh) await saveSnapshot(tx, fresh, now);
        else await applyProductChange(tx, productId, facts, now);
      },
    })(event);
  };
}
