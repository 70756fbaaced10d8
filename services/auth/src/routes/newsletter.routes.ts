import { Router } from 'express';
import { newsletterListQuerySchema, newsletterMessages, subscribeNewsletterSchema } from '@shop/proto-contracts';
import { clientAddress, requireRole } from '@shop/platform';
import type { AuthDeps } from '../domain/auth-deps';
import {
  confirmNewsletter,
  exportNewsletterSubscribers,
  listNewsletterSubscribers,
  newsletterCsv,
  subscribeNewsletter,
  unsubscribeNewsletter,
} from '../domain/newsletter.service';
import { parseInput } from '../parse-input';

/**
 * The newsletter: sign-up and its two links are open to anyone (the links carry their own
 * capability); the subscriber list and its export are for admins only: subscribers' addresses are
 * account-like data, which an emp never reads (decision 0043).
 */
export function newsletterRoutes(deps: AuthDeps): Router {
  const r = Router();
  const admin = requireRole('admin');

  r.post('/newsletter', async (req, res) => {
    const { email } = parseInput(subscribeNewsletterSchema, req.body);
    await subscribeNewsletter(deps, email, { ip: clientAddress(req) });
    res.json({ success: true, message: newsletterMessages.checkInbox });
  });

  r.get('/newsletter/confirm/:token', async (req, res) => {
    await confirmNewsletter(deps, String(req.params.token));
    res.json({ success: true, message: newsletterMessages.confirmed });
  });

  r.get('/newsletter/unsubscribe/:token', async (req, res) => {
    await unsubscribeNewsletter(deps, String(req.params.token));
    res.json({ success: true, message: newsletterMessages.unsubscribed });
  });

  r.get('/admin/newsletter', admin, async (req, res) => {
    res.json({ success: true, ...(await listNewsletterSubscribers(deps, parseInput(newsletterListQuerySchema, req.query))) });
  });

  r.get('/admin/newsletter/export', admin, async (req, res) => {
    const { status } = parseInput(newsletterListQuerySchema, req.query);
    res
      .type('text/csv; charset=utf-8')
      .attachment(`newsletter-subscribers${status ? `-${status}` : ''}.csv`)
      .set('Cache-Control', 'no-store')
      .send(newsletterCsv(await exportNewsletterSubscribers(deps, status)));
  });

  return r;
}
