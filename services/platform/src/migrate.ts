import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './db';

const validSchema = /^[a-z_][a-z0-9_]*$/;

/** Tables every service has in its schema: the transactional outbox, consumed event ids, sent mail. */
function platformScript(name: string): string {
  const schema = `"${name}"`;
  return `
create table if not exists ${schema}.outbox (
  id uuid primary key,
  type text not null,
  version integer not null,
  payload jsonb not null,
  correlation_id text,
  occurred_at timestamptz not null default now(),
  published_at timestamptz,
  attempts integer not null default 0
);
create index if not exists outbox_unpublished_idx on ${schema}.outbox (occurred_at) where published_at is null;
create table if not exists ${schema}.processed_events (
  consumer text not null,
  event_id uuid not null,
  processed_at timestamptz not null default now(),
  primary key (consumer, event_id)
);
create table if not exists ${schema}.mail_log (
  id bigserial primary key,
  recipient text not null,
  subject text not null,
  body text not null,
  transport text not null,
  created_at timestamptz not null default now()
);`;
}

/** mail_log as a mail outbox: a mail recorded with the event that caused it is sent afterwards. */
function mailDeliveryScript(name: string): string {
  const schema = `"${name}"`;
  return `
alter table ${schema}.mail_log add column if not exists sent_at timestamptz;
update ${schema}.mail_log set sent_at = created_at where sent_at is null;
create index if not exists mail_log_unsent_idx on ${schema}.mail_log (id) where sent_at is null;`;
}

/** The platform's own migrations, applied before the service's files. */
const platformScripts: Record<string, (schema: string) => string> = {
  '000_platform': platformScript,
  '000_platform_mail_delivery': mailDeliveryScript,
  // The W3C traceparent of the request that wrote an event, so its publication continues that trace.
  '000_platform_trace_parent': (name) => `alter table "${name}".outbox add column if not exists trace_parent text;`,
  // When a mail was handed to the SMTP server (recorded before, so a mail is never handed twice),
  // and when one handed over by a process that then died was reported as maybe sent.
  '000_platform_mail_handover': (name) => `alter table "${name}".mail_log add column if not exists attempted_at timestamptz;
alter table "${name}".mail_log add column if not exists uncertain_at timestamptz;`,
};

/**
 * Applies the platform tables and then every `*.sql` file of `dir` (in name order) that has not run
 * yet, each in its own transaction, recording it in `<schema>.schema_migrations`.
 * An advisory lock keeps two instances starting at once from applying the same file twice.
 */
export async function runMigrations(database: Database, schema: string, dir: string): Promise<string[]> {
  if (!validSchema.test(schema)) throw new Error(`Invalid schema name ${schema}`);
  const lock = `select pg_advisory_xact_lock(hashtext('migrations:${schema}'));`;
  // Quoted: a service name may be an SQL keyword ("order").
  const q = `"${schema}"`;
  await database.runScript(`${lock}
create schema if not exists ${q};
create table if not exists ${q}.schema_migrations (name text primary key, applied_at timestamptz not null default now());`);
  const done = await database.db.execute(sql.raw(`select name from ${q}.schema_migrations`));
  const already = new Set((done.rows as Array<{ name: string }>).map((r) => r.name));
  const files = [...Object.keys(platformScripts), ...readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()];
  const applied: string[] = [];
  for (const file of files.filter((f) => !already.has(f))) {
    const body = platformScripts[file]?.(schema) ?? readFileSync(join(dir, file), 'utf8');
    const name = file.replace(/'/g, "''");
    // The check and the insert run inside the same locked transaction, so a file applies exactly once.
    const script = `${lock}
do $$ begin
  if exists (select 1 from ${q}.schema_migrations where name = '${name}') then
    raise exception 'already-applied';
  end if;
end $$;
set local search_path to ${q}, public;
${body}
;
insert into ${q}.schema_migrations (name) values ('${name}');`;
    try {
      await database.runScript(script);
      applied.push(file);
    } catch (err) {
      if (String((err as Error).message).includes('already-applied')) continue;
      throw new Error(`Migration ${schema}/${file} failed: ${(err as Error).message}`);
    }
  }
  return applied;
}
