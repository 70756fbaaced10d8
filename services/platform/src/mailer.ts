import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { fixedStatement, type Db, type Tx } from './db';
import type { Logger } from './logger';
import { mailMetrics } from './telemetry/metrics';

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
  /**
   * Records a mail for an event exactly once, in one statement (no transaction of its own needed):
   * the event id is claimed for the consumer in processed_events and the mail recorded only when
   * the claim is new, both or neither. Answers whether it was recorded (false: claimed before).
   */
  recordOnce(db: Tx | Db, claim: { consumer: string; eventId: string }, mail: Mail): Promise<boolean>;
  /** Sends recorded mails not sent yet; answers how many went. A failure leaves them for the next pass. */
  deliverPending(): Promise<number>;
  /**
   * The insert of one mail into mail_log as SQL text, its three parameters (recipient, subject,
   * body) numbered from `$first`, for a statement that records it beside other rows (a
   * data-modifying `with`): it exists exactly when that statement's transaction commits. Nothing
   * is written when the recipient is null. After the commit, call {@link Mailer.recorded}.
   */
  insertText(first: number): string;
  /** After the commit of a mail written by insertText: sends it now (SMTP) or shows it (no SMTP). */
  recorded(mail: Mail): void;
}

/** The insert of insertText for a mailer's schema and transport (a mail stored without SMTP is delivered). */
function mailInsertText(schema: string, transport: 'smtp' | 'outbox', first: number): string {
  const p = (i: number) => `$${first + i}`;
  return `insert into "${schema}".mail_log (recipient, subject, body, transport, sent_at)
    select ${p(0)}::text, ${p(1)}::text, ${p(2)}::text, '${transport}', ${transport === 'outbox' ? 'now()' : 'null'} where ${p(0)}::text is not null`;
}

export const MAIL_FROM = 'ShopKart <no-reply@shopkart.in>';

/**
 * The statement of recordOnce (per schema and transport): the claim, and the mail only from it.
 * Written once as text (fixedStatement): it runs once per order placed.
 */
function recordOnceStatement(schema: string, transport: 'smtp' | 'outbox') {
  return fixedStatement<{ id: string }>(`with claimed as (
      insert into "${schema}".processed_events (consumer, event_id) values ($1::text, $2::uuid)
      on conflict do nothing returning event_id
    )
    insert into "${schema}".mail_log (recipient, subject, body, transport, sent_at)
    select $3::text, $4::text, $5::text, '${transport}', ${transport === 'outbox' ? 'now()' : 'null'} from claimed
    returning id`);
}

interface PendingMail {
  id: string;
  recipient: string;
  subject: string;
  body: string;
}

/** How long after its hand-over an unsent mail is reported as cut off by a crash (far beyond one send's timeouts). */
const UNCERTAIN_AFTER_MS = 5 * 60_000;
/** How often a delivery pass also looks for such mails. */
const REPORT_EVERY_MS = 60_000;

/**
 * Sends through SMTP_URL (smtp://user:pass@host:port); a record without the body is kept. Queued
 * mails wait in mail_log (with their body) until the server took them. Each is sent at most once:
 * the hand-over is committed (`attempted_at`) before the SMTP conversation starts, so a process
 * killed between the server's answer and the record of it never sends that mail again on restart.
 * A refusal or an unreachable server gives the mail back for the next pass. A mail handed over and
 * never recorded as sent (its process died mid-conversation) may or may not have arrived: after
 * `uncertainAfterMs` it is marked `uncertain_at` and logged as an error naming recipient and
 * subject, for a person to check, and counted in `shop_mail_uncertain_total` — never sent again
 * (a shopper gets no mail twice).
 */
export function smtpMailer(opts: { url: string; db: Db; schema: string; logger?: Logger; from?: string; uncertainAfterMs?: number }): Mailer {
  // Short timeouts: a mail server that hangs must not hold a delivery pass for minutes.
  const transporter = nodemailer.createTransport(opts.url, { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 });
  const table = sql.identifier(opts.schema);
  const from = opts.from ?? MAIL_FROM;
  const uncertainAfterMs = opts.uncertainAfterMs ?? UNCERTAIN_AFTER_MS;
  const recordOnceSmtp = recordOnceStatement(opts.schema, 'smtp');
  let running: Promise<number> | undefined;
  let again = false;

  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

  /** Takes the oldest mail nobody has handed over yet, committing the hand-over; undefined when none waits. */
  async function handOver(): Promise<PendingMail | undefined> {
    const [mail] = rowsOf<PendingMail>(
      await opts.db.execute(sql`update ${table}.mail_log set attempted_at = now()
        where id = (select id from ${table}.mail_log where sent_at is null and attempted_at is null order by id limit 1 for update skip locked)
        returning id, recipient, subject, body`),
    );
    return mail;
  }

  /** Reports (once each) the mails whose hand-over a dead process left unfinished. */
  async function reportCutOff(): Promise<void> {
    const cutOff = rowsOf<{ id: string; recipient: string; subject: string }>(
      await opts.db.execute(sql`update ${table}.mail_log set uncertain_at = now()
        where sent_at is null and uncertain_at is null and attempted_at < now() - make_interval(secs => ${uncertainAfterMs / 1000})
        returning id, recipient, subject`),
    );
    if (cutOff.length > 0) mailMetrics.uncertain.inc({ service: opts.schema }, cutOff.length);
    for (const mail of cutOff) {
      opts.logger?.error({ mailId: String(mail.id), to: mail.recipient, subject: mail.subject }, 'mail cut off mid-send by a crash: it may not have arrived and is not sent again; check with the recipient');
    }
  }

  // The report looks back minutes; a pass after every recorded mail need not repeat it.
  let nextReportAt = 0;

  async function deliverBatch(): Promise<number> {
    if (Date.now() >= nextReportAt) {
      nextReportAt = Date.now() + REPORT_EVERY_MS;
      await reportCutOff();
    }
    let sent = 0;
    while (sent < 20) {
      const mail = await handOver();
      if (!mail) break;
      try {
        await transporter.sendMail({ from, to: mail.recipient, subject: mail.subject, text: mail.body });
      } catch (err) {
        // Not taken (refused, or the server out of reach): back in the queue for the next pass.
        opts.logger?.warn({ err: String(err), to: mail.recipient }, 'mail not sent; will retry');
        await opts.db.execute(sql`update ${table}.mail_log set attempted_at = null where id = ${mail.id}`);
        break;
      }
      await opts.db.execute(sql`update ${table}.mail_log set sent_at = now(), body = '' where id = ${mail.id}`);
      sent += 1;
    }
    return sent;
  }

  const mailer: Mailer = {
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
    async recordOnce(db, claim, mail) {
      const rows = await recordOnceSmtp(db, [claim.consumer, claim.eventId, mail.to, mail.subject, mail.text]);
      return rows.length > 0;
    },
    insertText: (first) => mailInsertText(opts.schema, 'smtp', first),
    recorded() {
      void mailer.deliverPending().catch(() => undefined);
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
  return mailer;
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
  const recordOnceOutbox = recordOnceStatement(opts.schema, 'outbox');
  return {
    transport: 'outbox',
    send: (mail) => store(opts.db, mail),
    enqueue: store,
    async recordOnce(db, claim, mail) {
      const recorded = (await recordOnceOutbox(db, [claim.consumer, claim.eventId, mail.to, mail.subject, mail.text])).length > 0;
      if (recorded) show(mail);
      return recorded;
    },
    insertText: (first) => mailInsertText(opts.schema, 'outbox', first),
    recorded: show,
    async deliverPending() {
      return 0;
    },
  };
}
