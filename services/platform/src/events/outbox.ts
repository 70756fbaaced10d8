import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { eventSchemas, type EventEnvelope, type EventPayload, type EventType } from '@shop/proto-contracts';
import type { Db, Tx } from '../db';
import type { Logger } from '../logger';
import { currentContext } from '../request-context';
import { eventMetrics } from '../telemetry/metrics';
import { currentTraceParent, tracePublish } from '../telemetry/tracing';
import type { EventBus } from './event-bus';

/** Builds an envelope for a known event type, validating its payload against the contract. */
export function makeEvent<T extends EventType>(source: string, type: T, payload: EventPayload<T>): EventEnvelope {
  const spec = eventSchemas[type];
  return {
    id: randomUUID(),
    type,
    version: spec.version,
    occurredAt: new Date().toISOString(),
    source,
    correlationId: currentContext()?.requestId,
    payload: spec.payload.parse(payload) as Record<string, unknown>,
  };
}

/** Writes the event in the caller's transaction; it is published only if that transaction commits. */
export async function enqueueEvent(tx: Tx | Db, schema: string, event: EventEnvelope): Promise<void> {
  await tx.execute(sql`insert into ${sql.identifier(schema)}.outbox (id, type, version, payload, correlation_id, occurred_at, trace_parent)
    values (${event.id}, ${event.type}, ${event.version}, ${JSON.stringify(event.payload)}::jsonb, ${event.correlationId ?? null}, ${event.occurredAt}, ${currentTraceParent() ?? null})`);
}

interface OutboxRow {
  id: string;
  type: string;
  version: number;
  payload: Record<string, unknown>;
  correlation_id: string | null;
  occurred_at: string | Date;
  trace_parent: string | null;
}

export interface OutboxRelay {
  /** Publish now rather than at the next poll (call after a commit that enqueued events). */
  kick(): void;
  /** Publishes what is pending; resolves with how many were published. */
  flush(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Publishes outbox rows in order. Rows are locked while being published (`skip locked`), so several
 * instances of a service can relay side by side; a row is marked published only after the bus
 * accepted it, so a broker outage only delays events.
 */
export function startOutboxRelay(opts: {
  db: Db;
  schema: string;
  bus: EventBus;
  logger: Logger;
  source: string;
  intervalMs?: number;
  batchSize?: number;
}): OutboxRelay {
  const { db, schema, bus, logger } = opts;
  const table = sql.identifier(schema);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  async function publishBatch(): Promise<number> {
    return db.transaction(async (tx) => {
      const result = await tx.execute(sql`select id, type, version, payload, correlation_id, occurred_at, trace_parent
        from ${table}.outbox where published_at is null
        order by occurred_at, id limit ${opts.batchSize ?? 100} for update skip locked`);
      const rows = result.rows as unknown as OutboxRow[];
      if (rows.length === 0) return 0;
      const events: EventEnvelope[] = rows.map((row) => ({
        id: row.id,
        type: row.type,
        version: row.version,
        occurredAt: new Date(row.occurred_at).toISOString(),
        source: opts.source,
        correlationId: row.correlation_id ?? undefined,
        payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
      }));
      // Sent together (the broker's confirms come back pipelined, not one round trip per event),
      // in outbox order. Only the run before the first failure counts as published, so the order
      // of events holds; any later one that did get through is sent again (consumers are idempotent).
      const results = await Promise.allSettled(
        events.map((event, i) => tracePublish(rows[i]!.trace_parent ?? undefined, event.type, 'shop.events', () => bus.publish(event))),
      );
      const failed = results.findIndex((r) => r.status === 'rejected');
      const published = failed === -1 ? rows.length : failed;
      for (const event of events.slice(0, published)) eventMetrics.published.inc({ service: opts.source, type: event.type });
      if (published > 0) {
        const ids = sql.join(rows.slice(0, published).map((row) => sql`${row.id}`), sql`, `);
        await tx.execute(sql`update ${table}.outbox set published_at = now() where id in (${ids})`);
      }
      if (failed !== -1) {
        const row = rows[failed]!;
        await tx.execute(sql`update ${table}.outbox set attempts = attempts + 1 where id = ${row.id}`);
        const reason = (results[failed] as PromiseRejectedResult).reason;
        logger.warn({ err: String(reason), eventId: row.id }, 'outbox publish failed; will retry');
      }
      return published;
    });
  }

  async function drain(): Promise<number> {
    let total = 0;
    do {
      again = false;
      const n = await publishBatch().catch((err) => {
        logger.warn({ err: String(err) }, 'outbox relay pass failed');
        return 0;
      });
      total += n;
      if (n === (opts.batchSize ?? 100)) again = true;
    } while (again && !stopped);
    return total;
  }

  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = undefined;
    });
    return running;
  }

  const interval = opts.intervalMs ?? 500;
  const tick = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      await run();
      tick();
    }, interval);
    timer.unref();
  };
  tick();

  return {
    kick() {
      if (!stopped) void run();
    },
    flush: run,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
