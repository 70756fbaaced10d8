import { sql } from 'drizzle-orm';
import { routeByType, runWithContext, type EventBus, type EventHandler, type Mail } from '@shop/platform';
import { eventSchemas, isOrderId, ORDER_STATUSES, type EventPayload, type OrderStatus } from '@shop/proto-contracts';
import type { OrderDeps } from '../domain/order-deps';
import { orderPlacedMail, orderStatusMail } from '../domain/order-mail';
import { loadOrder } from '../domain/order.service';

export const ORDER_QUEUES = { mail: 'order.mail' } as const;

type MailEvent = 'OrderPlaced' | 'OrderStatusChanged';

/**
 * Sends at most one mail per event id. A mail cannot be part of a database transaction (and the
 * mailer writes its log with the outer handle), so the event id is claimed in processed_events
 * first and the claim is taken back when sending fails, for the bus to retry. Builds the mail from
 * the order as stored; an order deleted meanwhile gets no mail.
 */
function mailOnce<T extends MailEvent>(deps: OrderDeps, type: T, build: (payload: EventPayload<T>) => Promise<Mail | undefined>): EventHandler {
  const table = sql.identifier(deps.schema);
  return async (event) => {
    if (event.type !== type) return;
    const payload = eventSchemas[type].payload.parse(event.payload) as EventPayload<T>;
    await runWithContext({ requestId: event.correlationId ?? event.id }, async () => {
      const mail = await build(payload);
      if (!mail) return;
      const claimed = await deps.db.execute(sql`insert into ${table}.processed_events (consumer, event_id)
        values (${ORDER_QUEUES.mail}, ${event.id}) on conflict do nothing returning event_id`);
      if (claimed.rows.length === 0) return;
      try {
        await deps.mailer.send(mail);
      } catch (err) {
        await deps.db.execute(sql`delete from ${table}.processed_events where consumer = ${ORDER_QUEUES.mail} and event_id = ${event.id}`);
        throw err;
      }
    });
  };
}

/** The buyer of an event's order: the address in the event (from their token), else the one stored. */
async function orderAndBuyer(deps: OrderDeps, payload: { orderId: string; email?: string; name?: string }) {
  if (!isOrderId(payload.orderId)) return undefined;
  const order = await loadOrder(deps.db, payload.orderId.toLowerCase());
  if (!order) return undefined;
  const email = payload.email || order.userEmail;
  if (!email) {
    deps.logger.warn({ orderId: order.id }, 'no e-mail address for the buyer; order mail not sent');
    return undefined;
  }
  return { order, to: { email, name: payload.name || order.userName } };
}

/** The order service's own mail consumer (queue order.mail): confirmation and status mails to the buyer. */
export async function followOrderMailEvents(deps: OrderDeps, bus: EventBus): Promise<void> {
  await bus.subscribe({
    queue: ORDER_QUEUES.mail,
    types: ['OrderPlaced', 'OrderStatusChanged'],
    handler: routeByType({
      OrderPlaced: mailOnce(deps, 'OrderPlaced', async (payload) => {
        const found = await orderAndBuyer(deps, payload);
        return found && orderPlacedMail(found.order, found.to, deps.publicUrl);
      }),
      OrderStatusChanged: mailOnce(deps, 'OrderStatusChanged', async (payload) => {
        const status = payload.status.toLowerCase() as OrderStatus;
        if (!ORDER_STATUSES.includes(status)) return undefined;
        const found = await orderAndBuyer(deps, payload);
        return found && orderStatusMail(found.order, status, found.to, deps.publicUrl);
      }),
    }),
  });
}
