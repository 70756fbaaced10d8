import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from './db';
import type { Logger } from './logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
}

export const MAIL_FROM = 'ShopKart <no-reply@shopkart.in>';

/** Sends through SMTP_URL (smtp://user:pass@host:port); a record without the body is kept. */
export function smtpMailer(opts: { url: string; db: Db; schema: string; from?: string }): Mailer {
  const transporter = nodemailer.createTransport(opts.url);
  return {
    transport: 'smtp',
    async send(mail) {
      await transporter.sendMail({ from: opts.from ?? MAIL_FROM, ...mail });
      await opts.db.execute(sql`insert into ${sql.identifier(opts.schema)}.mail_log (recipient, subject, body, transport)
        values (${mail.to}, ${mail.subject}, '', 'smtp')`);
    },
  };
}

/**
 * Without SMTP: mails are stored in the service's mail_log and, in embedded mode, printed to the
 * console so a developer can read the code of a password reset without a mail server.
 */
export function outboxMailer(opts: { db: Db; schema: string; logger: Logger; print: boolean }): Mailer {
  return {
    transport: 'outbox',
    async send(mail) {
      await opts.db.execute(sql`insert into ${sql.identifier(opts.schema)}.mail_log (recipient, subject, body, transport)
        values (${mail.to}, ${mail.subject}, ${mail.text}, 'outbox')`);
      opts.logger.info({ to: mail.to, subject: mail.subject }, 'mail stored in outbox (no SMTP_URL)');
      if (opts.print) {
        process.stdout.write(`\n----- mail to ${mail.to}: ${mail.subject} -----\n${mail.text}\n-----\n\n`);
      }
    },
  };
}
