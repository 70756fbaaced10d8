import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db, Tx } from './db';
import type { Logger } from './logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  /** Sends now (a mail a person is waiting for in the request, e.g. a reset code); throws when it cannot. */
  send(mail: Mail): Promise<void>;
  /**
   * Records a mail in the caller's transaction: it exists exactly when that transaction commits, so
   * a consumer that claims an event and records its mail together never loses nor doubles it.
   * Sent by deliverPending() (at once, when called after the commit, and by a background pass).
   */
  enqueue(tx: Tx | Db, mail: Mail): Promise<void>;
  /** Sends recorded mails not sent yet; answers how many went. A failure leaves them for the next pass. */
  deliverPending(): Promise<number>;
}

export const MAIL_FROM = 'ShopKart <no-reply@shopkart.in>';

interface PendingMail {
  id: string;
  recipient: string;
  subject: string;
  body: string;
}

/**
 * Sends through SMTP_URL (smtp://user:pass@host:port); a record without the body is kept. Queued
 * mails wait in mail_log (with their body) until the server took them; a process killed between the
 * server's answer and the record of it may send that one mail again on restart — the only
 * duplicate possible, as with any SMTP client.
 */
export function smtpMailer(opts: { url: string; db: Db; schema: string; logger?: Logger; from?: string }): Mailer {
  // Short timeouts: a mail server that hangs must not hold a relay pass (and its row locks) for minutes.
  const transporter = nodemailer.createTransport(opts.url, { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 });
  const table = sql.identifier(opts.schema);
  const from = opts.from ?? MAIL_FROM;
  let running: Promise<number> | undefined;
  let again = false;

  async function deliverBatch(): Promise<number> {
    return opts.db.transaction(async (tx) => {
      const pending = (await tx.execute(sql`select id, recipient, subject, body from ${table}.mail_log
        where sent_at is null order by id limit 20 for update skip locked`)).rows as unknown as PendingMail[];
      let sent = 0;
      for (const mail of pending) {
        try {
          await transporter.sendMail({ from, to: mail.recipient, subject: mail.subject, text: mail.body });
        } catch (err) {
          opts.logger?.warn({ err: String(err), to: mail.recipient }, 'mail not sent; will retry');
          break;
        }
        await tx.execute(sql`update ${table}.mail_log set sent_at = now(), body = '' where id = ${mail.id}`);
        sent += 1;
      }
      return sent;
    });
  }

  return {
    transport: 'smtp',
    async send(mail) {
      await transporter.sendMail({ from, ...mail });
      await opts.db.execute(sql`insert into ${table}.mail_log (recipient, subject, body, transport, sent_at)
        values (${mail.to}, ${mail.subject}, '', 'smtp', now())`);
    },
    async enqueue(tx, mail) {
      await tx.execute(sql`insert into ${table}.mail_log (recipient, subject, body, transport)
        values (${mail.to}, ${mail.subject}, ${mail.text}, 'smtp')`);
    },
    deliverPending() {
      // A call during a pass asks for one more pass: its mail may have committed after the pass looked.
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        let total = 0;
        do {
          again = false;
          const sent = await deliverBatch();
          total += sent;
          if (sent === 20) again = true;
        } while (again);
        return total;
      })().finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}

/**
 * Without SMTP: mails are stored in the service's mail_log and, in embedded mode, printed to the
 * console so a developer can read the code of a password reset without a mail server. Storing is
 * the delivery, so an enqueued mail is delivered by its transaction's commit.
 */
export function outboxMailer(opts: { db: Db; schema: string; logger: Logger; print: boolean }): Mailer {
  const table = sql.identifier(opts.schema);
  const show = (mail: Mail) => {
    opts.logger.info({ to: mail.to, subject: mail.subject }, 'mail stored in outbox (no SMTP_URL)');
    if (opts.print) {
      process.stdout.write(`\n----- mail to ${mail.to}: ${mail.subject} -----\n${mail.text}\n-----\n\n`);
    }
  };
  const store = async (tx: Tx | Db, mail: Mail) => {
    await tx.execute(sql`insert into ${table}.mail_log (recipient, subject, body, transport, sent_at)
      values (${mail.to}, ${mail.subject}, ${mail.text}, 'outbox', now())`);
    show(mail);
  };
  return {
    transport: 'outbox',
    send: (mail) => store(opts.db, mail),
    enqueue: store,
    async deliverPending() {
      return 0;
    },
  };
}
