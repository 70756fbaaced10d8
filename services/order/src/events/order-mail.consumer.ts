import { routeByType, runWithContext, type EventBus, type EventHandler, type Mail } from '@shop/platform';
import { eventSchemas, isOrderId, isReturnId, ORDER_STATUSES, type EventPayload, type OrderStatus } from '@shop/proto-contracts';
import type { OrderDeps } from '../domain/order-deps';
import { mailsToBuyer, orderPlacedMail, orderStatusMail } from '../domain/order-mail';
import { loadOrder } from '../domain/order.service';
import { returnMail } from '../domain/return-mail';
import { loadReturns } from '../domain/return.service';

export const ORDER_QUEUES = { mail: 'order.mail' } as const;

type MailEvent = 'OrderPlaced' | 'OrderStatusChanged' | 'ReturnRequested' | 'ReturnStatusChanged';

/**
 * One mail per event id, exactly: the event id is claimed in processed_events and the mail recorded
 * in mail_log in one statement, so a crash anywhere leaves both or neither (a redelivery then
 * finds the claim, or makes both). The mail is sent after the commit (SMTP: by the mail delivery
 * pass, which retries). Builds the mail from the order as stored; an order deleted meanwhile gets none.
 */
function mailOnce<T extends MailEvent>(deps: OrderDeps, type: T, build: (payload: EventPayload<T>) => Promise<Mail | undefined>): EventHandler {
  return async (event) => {
    if (event.type !== type) return;
    const payload = eventSchemas[type].payload.parse(event.payload) as EventPayload<T>;
    await runWithContext({ requestId: event.correlationId ?? event.id }, async () => {
      const mail = await build(payload);
      if (!mail) return;
      // The claim and the mail in one statement: both or neither.
      const recorded = await deps.mailer.recordOnce(deps.db, { consumer: ORDER_QUEUES.mail, eventId: event.id }, mail);
      if (recorded) void deps.mailer.deliverPending().catch(() => undefined);
    });
  };
}

/** The buyer of an event's order: the address in the event (from their token), else the one stored. */
async function orderAndBuyer(deps: OrderDeps, payload: { orderId: string; email?: string; name?: string }) {
  if (!isOrderId(payload.orderId)) return undefined;
  const order = await loadOrder(deps.db, payload.orderId.toLowerCase());
  if (!order) return undefined;
  // Placed by an account whose address was not proven: none of its mails (decision 0042, amendment).
  if (!mailsToBuyer(order)) return undefined;
  const email = payload.email || order.userEmail;
  if (!email) {
    deps.logger.warn({ orderId: order.id }, 'no e-mail address for the buyer; order mail not sent');
    return undefined;
  }
  return { order, to: { email, name: payload.name || order.userName } };
}

/** A return's mail, built from the return as stored (its latest step), to the order's buyer. */
async function returnMailOf(deps: OrderDeps, payload: { returnId: string; orderId: string }, status: string): Promise<Mail | undefined> {
  const found = await orderAndBuyer(deps, payload);
  if (!found || !isReturnId(payload.returnId)) return undefined;
  const [ret] = await loadReturns(deps.db, [payload.returnId.toLowerCase()]);
  const step = ret?.steps.find((s) => s.status === status);
  return ret && step && returnMail(ret, step, found.to, deps.publicUrl);
}

/** The order service's own mail consumer (queue order.mail): order confirmation, status and return mails to the buyer. */
export async function followOrderMailEvents(deps: OrderDeps, bus: EventBus): Promise<void> {
  await bus.subscribe({
    queue: ORDER_QUEUES.mail,
    // OrderPlaced is not heard: its confirmation is recorded with the order (decision 0038). A
    // queue declared before that is still bound to it: such events (and any placed before the
    // change) come here, and only those placed before get their mail from here.
    types: ['OrderStatusChanged', 'ReturnRequested', 'ReturnStatusChanged'],
    handler: routeByType({
      OrderPlaced: mailOnce(deps, 'OrderPlaced', async (payload) => {
        if (payload.confirmationRecorded) return undefined;
        const found = await orderAndBuyer(deps, payload);
        return found && orderPlacedMail(found.order, found.to, deps.publicUrl);
      }),
      OrderStatusChanged: mailOnce(deps, 'OrderStatusChanged', async (payload) => {
        const status = payload.status.toLowerCase() as OrderStatus;
        if (!ORDER_STATUSES.includes(status)) return undefined;
        const found = await orderAndBuyer(deps, payload);
        return found && orderStatusMail(found.order, status, found.to, deps.publicUrl);
      }),
      ReturnRequested: mailOnce(deps, 'ReturnRequested', (payload) => returnMailOf(deps, payload, 'requested')),
      ReturnStatusChanged: mailOnce(deps, 'ReturnStatusChanged', (payload) => returnMailOf(deps, payload, payload.status.toLowerCase())),
    }),
  });
}
