import { Router } from 'express';
import { newsletterMessages } from '@shop/proto-contracts';
import { authManifest as routes } from '@shop/proto-contracts/routes';
import { clientAddress, registerRoute } from '@shop/platform';
import type { AuthDeps } from '../domain/auth-deps';
import {
  confirmNewsletter,
  exportNewsletterSubscribers,
  listNewsletterSubscribers,
  newsletterCsv,
  subscribeNewsletter,
  unsubscribeNewsletter,
} from '../domain/newsletter.service';

/**
 * The newsletter: sign-up and its two links are open to anyone (the links carry their own
 * capability); the subscriber list and its export are for admins only: subscribers' addresses are
 * account-like data, which an emp never reads (decision 0043).
 */
export function newsletterRoutes(deps: AuthDeps): Router {
  const r = Router();
  registerRoute(r, routes['POST /newsletter'], async (req, res, { body }) => {
    await subscribeNewsletter(deps, body.email, { ip: clientAddress(req) });
    res.json({ success: true, message: newsletterMessages.checkInbox });
  });

  registerRoute(r, routes['GET /newsletter/confirm/:token'], async (_req, res, { params }) => {
    await confirmNewsletter(deps, params.token);
    res.json({ success: true, message: newsletterMessages.confirmed });
  });

  registerRoute(r, routes['GET /newsletter/unsubscribe/:token'], async (_req, res, { params }) => {
    await unsubscribeNewsletter(deps, params.token);
    res.json({ success: true, message: newsletterMessages.unsubscribed });
  });

  registerRoute(r, routes['GET /admin/newsletter'], async (_req, res, { query }) => {
    res.json({ success: true, ...(await listNewsletterSubscribers(deps, query)) });
  });

  registerRoute(r, routes['GET /admin/newsletter/export'], async (_req, res, { query: { status } }) => {
    res
      .type('text/csv; charset=utf-8')
      .attachment(`newsletter-subscribers${status ? `-${status}` : ''}.csv`)
      .set('Cache-Control', 'no-store')
      .send(newsletterCsv(await exportNewsletterSubscribers(deps, status)));
  });

  return r;
}
