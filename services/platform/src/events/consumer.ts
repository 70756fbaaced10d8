import { eventSchemas, type EventEnvelope, type EventPayload, type EventType } from '@shop/proto-contracts';
import { fixedStatement, type Db, type Tx } from '../db';
import { runWithContext } from '../request-context';
import type { EventHandler } from './event-bus';

/**
 * Wraps a handler so each event id is acted on at most once per consumer: the processed-event row
 * and the handler's writes commit in one transaction, so a redelivery finds the row and does nothing.
 * The payload is validated against the contract, and logs inside carry the event's correlation id.
 */
export function idempotentHandler<T extends EventType>(opts: {
  db: Db;
  schema: string;
  consumer: string;
  type: T;
  handle: (tx: Tx, payload: EventPayload<T>, event: EventEnvelope) => Promise<void>;
}): EventHandler {
  // Written once: it runs for every event the consumer hears.
  const claim = fixedStatement(`insert into "${opts.schema}".processed_events (consumer, event_id)
    values ($1::text, $2::uuid) on conflict do nothing returning event_id`);
  return async (event) => {
    if (event.type !== opts.type) return;
    const payload = eventSchemas[opts.type].payload.parse(event.payload) as EventPayload<T>;
    await runWithContext({ requestId: event.correlationId ?? event.id }, () =>
      opts.db.transaction(async (tx) => {
        const inserted = await claim(tx, [opts.consumer, event.id]);
        if (inserted.length === 0) return;
        await opts.handle(tx, payload, event);
      }),
    );
  };
}

/** Routes events of several types on one queue to their handlers. */
export function routeByType(handlers: Partial<Record<EventType, EventHandler>>): EventHandler {
  return async (event) => {
    const handler = handlers[event.type as EventType];
    if (handler) await handler(event);
  };
}
