import { z } from 'zod';
import { emailOnlySchema } from './auth';

/**
 * The newsletter (double opt-in): a sign-up is `pending` until the confirmation link in its mail is
 * opened; an unsubscribe link (in every newsletter mail) makes it `unsubscribed`, no login needed.
 */
export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** Staff list page size. */
export const NEWSLETTER_PAGE_SIZE = 20;

export const newsletterMessages = {
  /** The same answer whether or not the address was signed up already (no enumeration). */
  checkInbox: 'Check your inbox to confirm your subscription.',
  confirmed: 'Your subscription is confirmed. Thank you for joining the ShopKart newsletter!',
  confirmLinkInvalid: 'This confirmation link is invalid or has expired. Please sign up again.',
  unsubscribed: 'You have been unsubscribed from the ShopKart newsletter.',
  unsubscribeLinkInvalid: 'This unsubscribe link is invalid.',
  tooMany: 'Too many sign-ups for this address. Please try again later.',
  badStatus: 'Status must be pending, confirmed or unsubscribed',
  badPage: 'Page must be a whole number from 1',
} as const;

/** POST /newsletter. */
export const subscribeNewsletterSchema = emailOnlySchema;

/** A link's token: what the mail carried (base64url, 43 characters); anything else is refused early. */
export const newsletterTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);

/** GET /admin/newsletter?status=&page= */
export const newsletterListQuerySchema = z.object({
  // An empty status (a cleared filter in a query string) is no filter.
  status: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(NEWSLETTER_STATUSES, { error: newsletterMessages.badStatus }).optional()),
  page: z.coerce.number({ error: newsletterMessages.badPage }).int({ error: newsletterMessages.badPage }).min(1, { error: newsletterMessages.badPage }).max(100_000, { error: newsletterMessages.badPage }).default(1),
});
export type NewsletterListQuery = z.infer<typeof newsletterListQuerySchema>;

/** One subscriber as staff see it (dates as ISO strings). */
export interface NewsletterSubscriberView {
  email: string;
  status: NewsletterStatus;
  subscribedAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}
