import { sql } from 'drizzle-orm';
import type { Runtime } from '../runtime';
import { RabbitBus } from '../events/rabbitmq-bus';
import { sampleAtScrape } from './metrics';

/**
 * What a service reports at each scrape: its outbox backlog and the age of its oldest unpublished
 * event, its SMTP mail backlog, the depth of its queues (with their retry and dead-letter queues) on RabbitMQ, and its
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
    // Only SMTP mail can wait: without SMTP_URL, storing a mail is its delivery.
    mail:
      runtime.mailer.transport === 'smtp'
        ? async () => {
            const result = await runtime.database.db.execute(sql`select count(*)::int as waiting,
              coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age
              from ${table}.mail_log where sent_at is null and uncertain_at is null`);
            const row = result.rows[0] as { waiting: number; age: number };
            return { waiting: Number(row.waiting), oldestSeconds: Number(row.age) };
          }
        : undefined,
  });
}
