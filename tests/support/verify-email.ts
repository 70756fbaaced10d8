import { Client } from 'pg';
import type { TestHttpClient } from '@shop/platform/src/testing';
import { pollUntil } from './poll';

/** The token of a verification link (`/verify-email/<token>`) in a mail's text. */
export function verificationTokenIn(text: string): string | undefined {
  return /verify-email\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
}

/**
 * Verifies an account's email as its owner does (decision 0042): opens the link of the newest
 * verification mail auth recorded for `email` (a shop without SMTP at auth keeps it in
 * auth.mail_log) in the owner's logged-in `client`, whose new access token then says the email is
 * verified — from then on the account's orders are mailed (the amendment to 0042).
 */
export async function verifyEmailFromMailLog(authDatabaseUrl: string, client: TestHttpClient, email: string): Promise<void> {
  const token = await pollUntil(async () => {
    const db = new Client({ connectionString: authDatabaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ body: string }>('select body from auth.mail_log where recipient = $1 order by id desc', [email]);
      return rows.map((r) => verificationTokenIn(r.body)).find((t) => t !== undefined);
    } finally {
      await db.end();
    }
  }, 30_000);
  const res = await client.post(`/api/v1/email/verify/${token}`);
  if (res.status !== 200) throw new Error(`verifying ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
}
