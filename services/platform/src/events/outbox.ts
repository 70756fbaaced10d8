import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { eventSchemas, type EventEnvelope, type EventPayload, type EventType } from '@shop/proto-contracts';
import { fixedStatement, foldedTransaction, type Db, type Tx } from '../db';
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

/**
 * The outbox's insert for one event as SQL text, its parameters numbered from `$first` (seven of
 * them, given by {@link outboxParams}), for a statement that writes the event beside other rows
 * (one round trip, e.g. a data-modifying `with`). The schema is a service's own (a plain name).
 */
export function outboxInsertText(schema: string, first: number): string {
  const p = (i: number) => `$${first + i}`;
  return `insert into "${schema}".outbox (id, type, version, payload, correlation_id, occurred_at, trace_parent)
    values (${p(0)}::uuid, ${p(1)}::text, ${p(2)}::int, ${p(3)}::jsonb, ${p(4)}::text, ${p(5)}::timestamptz, ${p(6)}::text)`;
}

/** The parameters of {@link outboxInsertText} for an event (its trace parent taken from the current span). */
export function outboxParams(event: EventEnvelope): unknown[] {
  return [event.id, event.type, event.version, JSON.stringify(event.payload), event.correlationId ?? null, event.occurredAt, currentTraceParent() ?? null];
}

/**
 * The outbox's insert for any number of events as SQL text, from one parameter `$param` holding
 * them as a JSON array ({@link outboxRowsParam}), for a statement that writes them beside other rows.
 */
export function outboxInsertManyText(schema: string, param: number): string {
  return `insert into "${schema}".outbox (id, type, version, payload, correlation_id, occurred_at, trace_parent)
    select (e->>'id')::uuid, e->>'type', (e->>'version')::int, e->'payload', e->>'correlationId', (e->>'occurredAt')::timestamptz, e->>'traceParent'
    from jsonb_array_elements($${param}::jsonb) as e`;
}

/** The parameter of {@link outboxInsertManyText} for these events (their trace parent taken from the current span). */
export function outboxRowsParam(events: EventEnvelope[]): string {
  const traceParent = currentTraceParent() ?? null;
  return JSON.stringify(events.map((e) => ({ id: e.id, type: e.type, version: e.version, payload: e.payload, correlationId: e.correlationId ?? null, occurredAt: e.occurredAt, traceParent })));
}

/** Writes the event in the caller's transaction; it is published only if that transaction commits. */
export async function enqueueEvent(tx: Tx | Db, schema: string, event: EventEnvelope): Promise<void> {
  await tx.execute(sql`insert into ${sql.identifier(schema)}.outbox (id, type, version, payload, correlation_id, occurred_at, trace_parent)
    values (${event.id}, ${event.type}, ${event.version}, ${JSON.stringify(event.payload)}::jsonb, ${event.correlationId ?? null}, ${event.occurredAt}, ${currentTraceParent() ?? null})`);
}

/**
 * Marks events of this outbox unpublished again, so the relay sends them once more (an operator's
 * repair after a restore, decision 0102: consumers are idempotent by event id, so a consumer that
 * had them already does nothing). Answers the ids re-queued; ids unpublished already are left alone.
 */
export async function requeueOutboxEvents(db: Db | Tx, schema: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const result: unknown = await db.execute(sql`update ${sql.identifier(schema)}.outbox set published_at = null, attempts = 0
    where id = any(${`{${ids.join(',')}}`}::uuid[]) and published_at is not null returning id`);
  // drizzle's execute answers the rows directly (PGlite) or in `rows` (node-postgres).
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ id: string }>;
  return rows.map((r) => r.id);
}

/** How long a kick waits for more commits before the relay runs (see kick). */
const KICK_DELAY_MS = 10;

interface OutboxRow {
  id: string;
  type: string;
  version: number;
  payload: Record<string, unknown>;
  correlation_id: string | null;
  occurred_at: string | Date;
  trace_parent: string | null;
}

/** Events of one relay pass published as one (see startOutboxRelay's coalesce). */
export interface EventGroup {
  event: EventEnvelope;
  /** Indices of the events it stands for, in the pass's outbox order. */
  members: number[];
}

export interface OutboxRelay {
  /** Publish soon (within KICK_DELAY_MS) rather than at the next poll (call after a commit that enqueued events). */
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
  /** How long a kick waits for more commits before the relay runs (KICK_DELAY_MS by default). */
  kickDelayMs?: number;
  /**
   * Folds the events of one pass (in outbox order) into fewer: each group stands for the events at
   * `members` (indices) and publishes `event` (e.g. a product's newest state for all its changes of
   * the pass). Every event must be in exactly one group. Without it, each event is published.
   */
  coalesce?: (events: EventEnvelope[]) => EventGroup[];
}): OutboxRelay {
  const { db, schema, bus, logger } = opts;
  const table = sql.identifier(schema);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  // Written once (it runs on every pass); sent with the transaction's BEGIN (decision 0038).
  const take = fixedStatement<OutboxRow>(`update "${schema}".outbox set published_at = now()
    where id in (select id from "${schema}".outbox where published_at is null
      order by occurred_at, id limit $1::int for update skip locked)
    returning id, type, version, payload, correlation_id, occurred_at, trace_parent`);

  async function publishBatch(): Promise<number> {
    return foldedTransaction(db, async (f) => {
      // Taken (locked, `skip locked`) and marked published in one statement; whatever the bus then
      // refuses is unmarked again before the commit, so only what it accepted counts as published.
      const [taken] = await f.send([[take, [opts.batchSize ?? 100]]]);
      const tx = f.tx;
      // In outbox order (an update answers its rows in no set order); ids compare as PostgreSQL's uuids do.
      const rows = taken
        .map((row) => ({ row, at: new Date(row.occurred_at).getTime() }))
        .sort((a, b) => a.at - b.at || (a.row.id < b.row.id ? -1 : a.row.id > b.row.id ? 1 : 0))
        .map(({ row }) => row);
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
      // Folded (when the service says how), each group at the place of its newest event.
      const groups = (opts.coalesce?.(events) ?? events.map((event, i) => ({ event, members: [i] }))).sort(
        (a, b) => Math.max(...a.members) - Math.max(...b.members),
      );
      // Sent together (the broker's confirms come back pipelined, not one round trip per event),
      // in outbox order. Only the run before the first failure counts as published, so the order
      // of events holds; any later one that did get through is sent again (consumers are idempotent).
      const results = await Promise.allSettled(
        groups.map(({ event, members }) => tracePublish(rows[Math.max(...members)]!.trace_parent ?? undefined, event.type, 'shop.events', () => bus.publish(event))),
      );
      const failed = results.findIndex((r) => r.status === 'rejected');
      const sentGroups = failed === -1 ? groups : groups.slice(0, failed);
      for (const { event } of sentGroups) eventMetrics.published.inc({ service: opts.source, type: event.type });
      const published = sentGroups.reduce((n, g) => n + g.members.length, 0);
      if (failed !== -1) {
        const row = rows[Math.max(...groups[failed]!.members)]!;
        const unsent = sql.join(groups.slice(failed).flatMap((g) => g.members.map((i) => sql`${rows[i]!.id}`)), sql`, `);
        await tx.execute(sql`update ${table}.outbox set published_at = null,
          attempts = attempts + (case when id = ${row.id} then 1 else 0 end) where id in (${unsent})`);
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

  // Kicks within a few milliseconds make one pass: under load, one pass publishes the events of
  // several commits (fewer statements per event) for a few milliseconds of delay.
  let kicked: NodeJS.Timeout | undefined;
  return {
    kick() {
      if (stopped || kicked) return;
      kicked = setTimeout(() => {
        kicked = undefined;
        if (!stopped) void run();
      }, opts.kickDelayMs ?? KICK_DELAY_MS);
      kicked.unref();
    },
    flush: run,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (kicked) clearTimeout(kicked);
      await running;
    },
  };
}
