import { sql } from 'drizzle-orm';
import type { Runtime } from '../runtime';
import { RabbitBus } from '../events/rabbitmq-bus';
import { sampleAtScrape } from './metrics';

/**
 * What a service reports at each scrape: its outbox backlog and the age of its oldest unpublished
 * event, the depth of its queues (with their retry and dead-letter queues) on RabbitMQ, and its
 * database pool. Answers the function that stops reporting.
 */
export function sampleServiceGauges(runtime: Runtime): () => void {
  const table = sql.identifier(runtime.schema);
  return sampleAtScrape(runtime.service, {
    outbox: async () => {
      const result = await runtime.database.db.execute(sql`select count(*)::int as pending,
        coalesce(extract(epoch from now() - min(occurred_at)), 0)::float8 as lag
        from ${table}.outbox where published_at is null`);
      const row = result.rows[0] as { pending: number; lag: number };
      return { pending: Number(row.pending), lagSeconds: Number(row.lag) };
    },
    queues: runtime.bus instanceof RabbitBus ? () => (runtime.bus as RabbitBus).queueDepths() : undefined,
    pool: () => runtime.database.poolStats?.(),
    broker: () => runtime.bus.state(),
  });
}
