import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { EventEnvelope } from '@shop/proto-contracts';
import { runMigrations } from '../migrate';
import { createTestEnvironment, createTestRuntime, type TestEnvironment } from '../testing';
import type { Runtime } from '../runtime';
import { idempotentHandler } from './consumer';
import type { EventBus } from './event-bus';
import { enqueueEvent, makeEvent, startOutboxRelay } from './outbox';

async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('outbox, relay and idempotent consumers', () => {
  let env: TestEnvironment;
  let runtime: Runtime;
  const migrations = mkdtempSync(join(tmpdir(), 'mig-'));
  writeFileSync(join(migrations, '001_things.sql'), 'create table platformtest.things (id text primary key, n int not null default 0);');

  beforeAll(async () => {
    env = await createTestEnvironment();
    runtime = await createTestRuntime(env, 'platformtest');
    await runMigrations(runtime.database, 'platformtest', migrations);
  });
  afterAll(async () => {
    await env.cleanup();
  });

  test('migrations apply once and record their names', async () => {
    const again = await runMigrations(runtime.database, 'platformtest', migrations);
    expect(again).toEqual([]);
    const rows = await runtime.database.db.execute(sql`select name from platformtest.schema_migrations order by name`);
    expect(rows.rows.map((r) => (r as { name: string }).name)).toEqual(['000_platform', '000_platform_mail_delivery', '000_platform_mail_handover', '000_platform_trace_parent', '001_things.sql']);
  });

  test('an event written in a rolled-back transaction is never published', async () => {
    const event = makeEvent('test', 'ProductDeleted', { productId: 'rolled-back' });
    await expect(
      runtime.database.db.transaction(async (tx) => {
        await enqueueEvent(tx, 'platformtest', event);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await runtime.database.db.execute(sql`select id from platformtest.outbox where id = ${event.id}`);
    expect(rows.rows).toHaveLength(0);
  });

  test('a committed event reaches the consumer once even when delivered twice', async () => {
    const seen: EventEnvelope[] = [];
    const handler = idempotentHandler({
      db: runtime.database.db,
      schema: 'platformtest',
      consumer: 'platformtest.counter',
      type: 'ProductChanged',
      handle: async (tx, payload, event) => {
        await tx.execute(sql`insert into platformtest.things (id, n) values (${payload.productId}, 1)
          on conflict (id) do update set n = platformtest.things.n + 1`);
        seen.push(event);
      },
    });
    await runtime.bus.subscribe({ queue: 'platformtest.counter', types: ['ProductChanged'], handler });
    const relay = startOutboxRelay({ db: runtime.database.db, schema: 'platformtest', bus: runtime.bus, logger: runtime.logger, source: 'test', intervalMs: 50 });
    try {
      const event = makeEvent('test', 'ProductChanged', { productId: 'p1' });
      await runtime.database.db.transaction((tx) => enqueueEvent(tx, 'platformtest', event));
      relay.kick();
      await waitFor(() => seen.length === 1);
      // A redelivery of the very same event (as a broker may do) changes nothing.
      await runtime.bus.publish(event);
      await new Promise((r) => setTimeout(r, 500));
      const row = await runtime.database.db.execute(sql`select n from platformtest.things where id = 'p1'`);
      expect((row.rows[0] as { n: number }).n).toBe(1);
      const published = await runtime.database.db.execute(sql`select published_at from platformtest.outbox where id = ${event.id}`);
      expect((published.rows[0] as { published_at: unknown }).published_at).not.toBeNull();
    } finally {
      await relay.stop();
    }
  });

  test('when the broker refuses an event, the ones before it are published and the rest follow in order on the next pass', async () => {
    const delivered: string[] = [];
    let refuse: string | undefined;
    // A broker that takes a moment to confirm and refuses one chosen event.
    const broker: EventBus = {
      kind: 'in-process',
      async publish(event) {
        await new Promise((r) => setTimeout(r, 5));
        if (event.id === refuse) throw new Error('nack');
        delivered.push(event.id);
      },
      async subscribe() {},
      isReady: () => true,
      state: () => 'connected',
      async close() {},
    };
    const events: EventEnvelope[] = [];
    for (const n of [1, 2, 3]) {
      events.push(makeEvent('test', 'ProductDeleted', { productId: `in-order-${n}` }));
      await new Promise((r) => setTimeout(r, 3)); // distinct occurredAt: the outbox's order
    }
    await runtime.database.db.transaction(async (tx) => {
      for (const event of events) await enqueueEvent(tx, 'platformtest', event);
    });
    const [first, second, third] = events.map((e) => e.id) as [string, string, string];
    const pending = async () =>
      (
        await runtime.database.db.execute(sql`select id, attempts from platformtest.outbox
          where published_at is null and id in (${first}, ${second}, ${third}) order by occurred_at, id`)
      ).rows as Array<{ id: string; attempts: number }>;

    refuse = second;
    const relay = startOutboxRelay({ db: runtime.database.db, schema: 'platformtest', bus: broker, logger: runtime.logger, source: 'test', intervalMs: 60_000 });
    try {
      expect(await relay.flush()).toBe(1);
      expect(delivered).toContain(first);
      expect(await pending()).toEqual([
        { id: second, attempts: 1 },
        { id: third, attempts: 0 },
      ]);

      refuse = undefined;
      expect(await relay.flush()).toBe(2);
      expect(delivered.slice(-2)).toEqual([second, third]);
      expect(await pending()).toEqual([]);
    } finally {
      await relay.stop();
    }
  });

  test('a failing handler is retried until it succeeds', async () => {
    let calls = 0;
    await runtime.bus.subscribe({
      queue: 'platformtest.flaky',
      types: ['ProductDeleted'],
      handler: async () => {
        calls += 1;
        if (calls < 2) throw new Error('transient');
      },
    });
    await runtime.bus.publish(makeEvent('test', 'ProductDeleted', { productId: 'p2' }));
    await waitFor(() => calls >= 2, 15_000);
    expect(calls).toBe(2);
  });
});
