import { createHmac, randomBytes } from 'node:crypto';
import { count, desc, eq, sql } from 'drizzle-orm';
import {
  NEWSLETTER_PAGE_SIZE,
  newsletterMessages,
  newsletterTokenSchema,
  type NewsletterListQuery,
  type NewsletterStatus,
  type NewsletterSubscriberView,
} from '@shop/proto-contracts';
import { badRequest } from '@shop/platform';
import { newsletterSubscribers, type NewsletterSubscriberRow } from '../db/schema';
import { rehearseMailIn, requestAccountMail } from './account-mail-request';
import type { AuthDeps } from './auth-deps';
import { limitMailToAddress } from './mail-limits';
import { newsletterConfirmMail, newsletterWelcomeMail } from './mail-templates';
import { sha256 } from './session.service';

const CONFIRM_LINK_DAYS = 7;
// Per address: a few confirmation mails an hour, so nobody can flood someone's inbox with them.
const LIMIT_PER_EMAIL = { limit: 3, windowMs: 60 * 60_000 };
const LIMIT_PER_IP = { limit: 20, windowMs: 60 * 60_000 };

const linkBase = (deps: AuthDeps) => deps.publicUrl.replace(/\/+$/, '');

/**
 * The token of an address's unsubscribe link: an HMAC of the address, so every newsletter mail can
 * carry it without it being stored; keyed by the service's secret (the OTP key, under its own label).
 */
export function unsubscribeTokenOf(deps: Pick<AuthDeps, 'tokens'>, email: string): string {
  return createHmac('sha256', deps.tokens.otpKey).update(`newsletter-unsubscribe:${email}`).digest('base64url');
}

/** The link that ends a subscription, without logging in (the web's page, which calls unsubscribe). */
export function unsubscribeLinkOf(deps: AuthDeps, email: string): string {
  return `${linkBase(deps)}/newsletter/unsubscribe/${unsubscribeTokenOf(deps, email)}`;
}

/**
 * Signs an address up (double opt-in): it stays `pending` and gets a mail with a confirmation link.
 * A confirmed address gets nothing more. The caller gets the same answer in the same time either
 * way: the sign-up is written after it (`mailNewsletterConfirmation`, decision 0044), so nobody
 * learns whether an address is subscribed. Rate-limited per address and per client address.
 */
export async function subscribeNewsletter(deps: AuthDeps, email: string, caller: { ip: string }): Promise<void> {
  await limitMailToAddress(deps, 'newsletter', email, LIMIT_PER_EMAIL, newsletterMessages.tooMany);
  await deps.rateLimiter.consume(`newsletter:ip:${caller.ip}`, LIMIT_PER_IP.limit, LIMIT_PER_IP.windowMs, newsletterMessages.tooMany);
  await requestAccountMail(deps, 'newsletter-confirmation', email);
}

/**
 * After the answer (and the spread, decision 0099): the sign-up row and its confirmation mail,
 * recorded with the request's claim. For a confirmed address the mail's writes are made and undone.
 */
export async function mailNewsletterConfirmation(deps: AuthDeps, email: string, claim: { consumer: string; eventId: string }): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock();
  const expires = new Date(now.getTime() + CONFIRM_LINK_DAYS * 86_400_000);
  const mail = newsletterConfirmMail(email, `${linkBase(deps)}/newsletter/confirm/${token}`, CONFIRM_LINK_DAYS);
  const mailed = await deps.db.transaction(async (tx) => {
    // One row per address; a second sign-up of a pending or unsubscribed address starts again
    // (new link, the old one stops working), a confirmed one is left as it is.
    const [row] = await tx
      .insert(newsletterSubscribers)
      .values({
        email,
        status: 'pending',
        confirmTokenHash: sha256(token),
        confirmExpiresAt: expires,
        unsubscribeTokenHash: sha256(unsubscribeTokenOf(deps, email)),
        subscribedAt: now,
      })
      .onConflictDoUpdate({
        target: newsletterSubscribers.email,
        set: { status: 'pending', confirmTokenHash: sha256(token), confirmExpiresAt: expires, subscribedAt: now, unsubscribedAt: null },
        setWhere: sql`${newsletterSubscribers.status} <> 'confirmed'`,
      })
      .returning({ email: newsletterSubscribers.email });
    if (!row) {
      // Confirmed: nothing is sent, but the mail's writes cost the same as a real one's, undone.
      await rehearseMailIn(tx, deps, claim, mail);
      throw new AlreadyHandled();
    }
    // A redelivered request finds its claim: the whole transaction (and its new link) is undone.
    if (!(await deps.mailer.recordOnce(tx, claim, mail))) throw new AlreadyHandled();
    return true;
  }).catch((err: unknown) => {
    if (err instanceof AlreadyHandled) return false;
    throw err;
  });
  if (mailed) deliverSoon(deps);
}

class AlreadyHandled extends Error {}

/** Sends recorded mails now; a failure leaves them to the mailer's background pass. */
function deliverSoon(deps: AuthDeps): void {
  deps.mailer.deliverPending().catch((err: unknown) => deps.logger.warn({ err: String(err) }, 'newsletter mail delivery deferred'));
}

/**
 * Confirms the sign-up whose link carried `token` and sends the welcome mail (the first newsletter
 * mail, with its unsubscribe link). Opening the link again answers the same; an unknown, replaced
 * or expired link is a 400.
 */
export async function confirmNewsletter(deps: AuthDeps, token: string): Promise<void> {
  if (!newsletterTokenSchema.safeParse(token).success) throw badRequest(newsletterMessages.confirmLinkInvalid);
  const now = deps.clock();
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.confirmTokenHash, sha256(token))).for('update');
    if (!row || !row.confirmExpiresAt || row.confirmExpiresAt <= now) return 'invalid';
    if (row.status === 'confirmed') return 'already';
    if (row.status !== 'pending') return 'invalid';
    await tx.update(newsletterSubscribers).set({ status: 'confirmed', confirmedAt: now }).where(eq(newsletterSubscribers.email, row.email));
    await deps.mailer.enqueue(tx, newsletterWelcomeMail(row.email, unsubscribeLinkOf(deps, row.email)));
    return 'confirmed';
  });
  if (outcome === 'invalid') throw badRequest(newsletterMessages.confirmLinkInvalid);
  if (outcome === 'confirmed') deliverSoon(deps);
}

/** Ends the subscription of the unsubscribe link's address; again is the same answer. Unknown link: 400. */
export async function unsubscribeNewsletter(deps: AuthDeps, token: string): Promise<void> {
  if (!newsletterTokenSchema.safeParse(token).success) throw badRequest(newsletterMessages.unsubscribeLinkInvalid);
  const now = deps.clock();
  const [row] = await deps.db
    .update(newsletterSubscribers)
    // Ended once: a second click keeps the first time. The confirmation link stops working too.
    .set({ status: 'unsubscribed', unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, ${now})`, confirmTokenHash: null, confirmExpiresAt: null })
    .where(eq(newsletterSubscribers.unsubscribeTokenHash, sha256(token)))
    .returning({ email: newsletterSubscribers.email });
  if (!row) throw badRequest(newsletterMessages.unsubscribeLinkInvalid);
}

export interface NewsletterPage {
  subscribers: NewsletterSubscriberView[];
  total: number;
  totalPages: number;
  currentPage: number;
}

const toView = (row: Pick<NewsletterSubscriberRow, 'email' | 'status' | 'subscribedAt' | 'confirmedAt' | 'unsubscribedAt'>): NewsletterSubscriberView => ({
  email: row.email,
  status: row.status,
  subscribedAt: row.subscribedAt.toISOString(),
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
  unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
});

const columns = {
  email: newsletterSubscribers.email,
  status: newsletterSubscribers.status,
  subscribedAt: newsletterSubscribers.subscribedAt,
  confirmedAt: newsletterSubscribers.confirmedAt,
  unsubscribedAt: newsletterSubscribers.unsubscribedAt,
};

const byStatus = (status: NewsletterStatus | undefined) => (status ? eq(newsletterSubscribers.status, status) : undefined);
const newestFirst = [desc(newsletterSubscribers.subscribedAt), newsletterSubscribers.email] as const;

/** Staff: sign-ups newest first, 20 a page, optionally of one status. */
export async function listNewsletterSubscribers(deps: Pick<AuthDeps, 'db'>, query: NewsletterListQuery): Promise<NewsletterPage> {
  const where = byStatus(query.status);
  const [{ total }] = await deps.db.select({ total: count() }).from(newsletterSubscribers).where(where);
  const rows = await deps.db
    .select(columns)
    .from(newsletterSubscribers)
    .where(where)
    .orderBy(...newestFirst)
    .limit(NEWSLETTER_PAGE_SIZE)
    .offset((query.page - 1) * NEWSLETTER_PAGE_SIZE);
  return { subscribers: rows.map(toView), total, totalPages: Math.ceil(total / NEWSLETTER_PAGE_SIZE), currentPage: query.page };
}

/** Staff: every sign-up of a status (all when none), newest first, for the CSV export. */
export async function exportNewsletterSubscribers(deps: Pick<AuthDeps, 'db'>, status: NewsletterStatus | undefined): Promise<NewsletterSubscriberView[]> {
  const rows = await deps.db.select(columns).from(newsletterSubscribers).where(byStatus(status)).orderBy(...newestFirst);
  return rows.map(toView);
}

/** The export as CSV (RFC 4180); a cell a spreadsheet would run as a formula is quoted with a leading '. */
export function newsletterCsv(list: NewsletterSubscriberView[]): string {
  const cell = (value: string | null) => {
    const text = value ?? '';
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [['email', 'status', 'subscribed_at', 'confirmed_at', 'unsubscribed_at'].join(',')];
  for (const s of list) lines.push([s.email, s.status, s.subscribedAt, s.confirmedAt, s.unsubscribedAt].map(cell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
