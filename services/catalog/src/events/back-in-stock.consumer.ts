import { idempotentHandler, runWithContext, type EventBus } from '@shop/platform';
import { eventSchemas } from '@shop/proto-contracts';
import { isUuid } from '../domain/catalog-errors';
import type { CatalogDeps } from '../domain/catalog-deps';
import { deleteSubscriptionsOfUser, hasWaitingSubscriptions, notifyBackInStockIn } from '../domain/back-in-stock.service';

export const BACK_IN_STOCK_QUEUE = 'catalog.back-in-stock';
export const STOCK_NOTICE_USERS_QUEUE = 'catalog.stock-notice-users';

/**
 * Notify me (decision 0069): the catalog hears its own ProductChanged, which every stock change
 * writes with it in one transaction (staff restock, a received return, a released reservation).
 * When the product has stock and shoppers wait, their mails are recorded with their subscriptions
 * marked, in one transaction: a redelivered event, or a second restock, finds nobody waiting.
 * An event that only moved stock of a product in stock throughout (stockOnly) cannot end a wait:
 * nobody may subscribe to a product in stock.
 */
export async function followBackInStock(deps: CatalogDeps, bus: EventBus): Promise<void> {
  await bus.subscribe({
    queue: BACK_IN_STOCK_QUEUE,
    types: ['ProductChanged'],
    handler: async (event) => {
      if (event.type !== 'ProductChanged') return;
      const payload = eventSchemas.ProductChanged.payload.parse(event.payload) as { productId: string; stock?: unknown; stockOnly?: unknown };
      if (payload.stockOnly === true || typeof payload.stock !== 'number' || payload.stock <= 0 || !isUuid(payload.productId)) return;
      const productId = payload.productId.toLowerCase();
      if (!(await hasWaitingSubscriptions(deps, productId))) return;
      await runWithContext({ requestId: event.correlationId ?? event.id }, async () => {
        const mailed = await deps.db.transaction((tx) => notifyBackInStockIn(tx, deps, productId));
        if (mailed > 0) {
          deps.logger.info({ productId, mailed }, 'back-in-stock mails recorded');
          void deps.mailer.deliverPending().catch(() => undefined);
        }
      });
    },
  });
}

/** UserDeleted: a deleted account's subscriptions, and the address kept with them, go with it. */
export async function followStockNoticeUsers(deps: CatalogDeps, bus: EventBus): Promise<void> {
  await bus.subscribe({
    queue: STOCK_NOTICE_USERS_QUEUE,
    types: ['UserDeleted'],
    handler: idempotentHandler({
      db: deps.db,
      schema: deps.schema,
      consumer: STOCK_NOTICE_USERS_QUEUE,
      type: 'UserDeleted',
      handle: (tx, payload) => deleteSubscriptionsOfUser(tx, payload.userId),
    }),
  });
}
