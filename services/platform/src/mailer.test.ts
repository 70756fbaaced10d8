import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { startSmtpInbox } from '../../../tests/support/smtp-inbox';
import { smtpMailer } from './mailer';
import { metricsRegistry, serveMetrics } from './telemetry/metrics';
import { runMigrations } from './migrate';
import { closeRuntime, createRuntime, prepareService, type Runtime } from './runtime';
import { createTestEnvironment, createTestRuntime, type TestEnvironment } from './testing';

/** Mails recorded with the change that causes them: sent once that commits, never when it rolls back. */
describe('mail outbox over SMTP', () => {
  let env: TestEnvironment;
  let runtime: Runtime;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;

  beforeAll(async () => {
    env = await createTestEnvironment();
    runtime = await createTestRuntime(env, 'mailtest');
    await runMigrations(runtime.database, 'mailtest', mkdtempSync(join(tmpdir(), 'no-migrations-')));
    inbox = await startSmtpInbox();
  });
  afterAll(async () => {
    await inbox.stop();
    await env.cleanup();
  });

  const mail = (to: string) => ({ to, subject: 'ShopKart: your order is confirmed', text: 'Thank you for shopping with us.' });
  const received = (to: string) => inbox.mails.filter((m) => m.to.includes(to)).length;

  test('a mail recorded in a committed transaction is sent once, however often delivery runs', async () => {
    const mailer = smtpMailer({ url: inbox.url, db: runtime.database.db, schema: 'mailtest' });
    await runtime.database.db.transaction((tx) => mailer.enqueue(tx, mail('committed@example.in')));
    expect(await mailer.deliverPending()).toBe(1);
    await Promise.all([mailer.deliverPending(), mailer.deliverPending()]);
    expect(received('committed@example.in')).toBe(1);
    const [row] = (await runtime.database.db.execute(sql`select body, sent_at from mailtest.mail_log where recipient = 'committed@example.in'`)).rows as Array<{ body: string; sent_at: Date | null }>;
    expect(row).toMatchObject({ body: '' });
    expect(row!.sent_at).not.toBeNull();
  });

  test('a mail recorded in a transaction that rolls back is never sent', async () => {
    const mailer = smtpMailer({ url: inbox.url, db: runtime.database.db, schema: 'mailtest' });
    await expect(
      runtime.database.db.transaction(async (tx) => {
        await mailer.enqueue(tx, mail('rolled-back@example.in'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await mailer.deliverPending();
    expect(received('rolled-back@example.in')).toBe(0);
  });

  test('a mail handed to the server by a process that died before hearing back is never sent again, and is reported once', async () => {
    const db = runtime.database.db;
    const lines: Array<{ level: number; msg: string; to?: string }> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const mailer = smtpMailer({ url: inbox.url, db, schema: 'mailtest', logger, uncertainAfterMs: 0 });
    // What a process killed mid-conversation leaves: the hand-over committed, no record of the answer.
    await db.transaction((tx) => mailer.enqueue(tx, mail('cut-off@example.in')));
    await db.execute(sql`update mailtest.mail_log set attempted_at = now() - interval '1 minute' where recipient = 'cut-off@example.in'`);
    await mailer.deliverPending();
    await mailer.deliverPending();
    expect(received('cut-off@example.in')).toBe(0);
    const [row] = (await db.execute(sql`select sent_at, uncertain_at from mailtest.mail_log where recipient = 'cut-off@example.in'`)).rows as Array<{ sent_at: Date | null; uncertain_at: Date | null }>;
    expect(row!.sent_at).toBeNull();
    expect(row!.uncertain_at).not.toBeNull();
    expect(lines.filter((l) => l.level === 50 && l.to === 'cut-off@example.in')).toHaveLength(1);
    // An operator's alert sees it too, once.
    expect(await metricsRegistry.getSingleMetricAsString('shop_mail_uncertain_total')).toContain('shop_mail_uncertain_total{service="mailtest"} 1');
  });

  test('a mail the server refuses goes back to the queue and is sent by a later pass', async () => {
    const db = runtime.database.db;
    const refused = smtpMailer({ url: inbox.url, db, schema: 'mailtest' });
    await db.transaction((tx) => refused.enqueue(tx, mail('refused-once@invalid')));
    inbox.refuseNext();
    expect(await refused.deliverPending()).toBe(0);
    expect(await refused.deliverPending()).toBe(1);
    expect(received('refused-once@invalid')).toBe(1);
  });

  test('while the mail server is down the mail waits, and goes once it is reachable', async () => {
    const down = smtpMailer({ url: 'smtp://127.0.0.1:1', db: runtime.database.db, schema: 'mailtest' });
    await runtime.database.db.transaction((tx) => down.enqueue(tx, mail('waiting@example.in')));
    expect(await down.deliverPending()).toBe(0);
    const up = smtpMailer({ url: inbox.url, db: runtime.database.db, schema: 'mailtest' });
    expect(await up.deliverPending()).toBe(1);
    expect(received('waiting@example.in')).toBe(1);
  });

  test('while the mail server is out of reach, an operator scraping the metrics sees the mail waiting', async () => {
    const down = await createRuntime('mailgauge', { ...env.settings, SMTP_URL: 'smtp://127.0.0.1:1' }, { publicKey: env.keys.publicKey, shared: env.shared });
    const running = await prepareService(down, mkdtempSync(join(tmpdir(), 'no-migrations-')));
    const server = await serveMetrics(0, '127.0.0.1');
    try {
      await down.database.db.transaction((tx) => down.mailer.enqueue(tx, mail('stuck@example.in')));
      expect(await down.mailer.deliverPending()).toBe(0);
      const scrape = async () => (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`)).text();
      expect(await scrape()).toContain('shop_mail_waiting{service="mailgauge"} 1');
      expect(await scrape()).toMatch(/shop_mail_oldest_waiting_seconds\{service="mailgauge"\} \d/);
      // Once the server takes it, nothing waits.
      const up = smtpMailer({ url: inbox.url, db: down.database.db, schema: 'mailgauge' });
      expect(await up.deliverPending()).toBe(1);
      expect(await scrape()).toContain('shop_mail_waiting{service="mailgauge"} 0');
    } finally {
      server.close();
      await running.stop();
      await closeRuntime(down);
    }
  });
});
