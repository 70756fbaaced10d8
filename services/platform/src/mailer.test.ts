import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { startSmtpInbox } from '../../../tests/support/smtp-inbox';
import { smtpMailer } from './mailer';
import { runMigrations } from './migrate';
import type { Runtime } from './runtime';
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

  test('while the mail server is down the mail waits, and goes once it is reachable', async () => {
    const down = smtpMailer({ url: 'smtp://127.0.0.1:1', db: runtime.database.db, schema: 'mailtest' });
    await runtime.database.db.transaction((tx) => down.enqueue(tx, mail('waiting@example.in')));
    expect(await down.deliverPending()).toBe(0);
    const up = smtpMailer({ url: inbox.url, db: runtime.database.db, schema: 'mailtest' });
    expect(await up.deliverPending()).toBe(1);
    expect(received('waiting@example.in')).toBe(1);
  });
});
