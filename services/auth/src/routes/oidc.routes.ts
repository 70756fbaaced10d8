import { Router, type CookieOptions, type Request, type Response } from 'express';
import { OIDC_ERROR_PARAM, type OidcErrorReason } from '@shop/proto-contracts';
import { authManifest as routes } from '@shop/proto-contracts/routes';
import { clientAddress, registerRoute } from '@shop/platform';
import type { AuthDeps } from '../domain/auth-deps';
import { OIDC_LOGIN_TTL_MS, OidcRefusal, type OidcSignIn } from '../domain/oidc.service';
import { setSessionCookies, type CookiePolicy } from './session-cookies';

/** The browser's half of a sign-in under way: the `state` it was sent off with (httpOnly, 10 minutes). */
export const OIDC_STATE_COOKIE = 'shop_oidc_state';
const stateCookie = (policy: CookiePolicy): CookieOptions => ({
  httpOnly: true,
  // Lax: the provider sends the browser back with a top-level GET from its own site.
  sameSite: 'lax',
  secure: policy.secure,
  path: '/api/v1/auth/oidc',
});

const loginPageWith = (reason: OidcErrorReason) => `/login?${OIDC_ERROR_PARAM}=${reason}`;

/**
 * Google sign-in (OpenID Connect), under /api/v1. Both routes are browser navigations, so every
 * outcome is a redirect: to the provider, to the shop signed in, or to the login page with a reason.
 */
export function oidcRoutes(deps: AuthDeps, signIn: OidcSignIn, cookies: CookiePolicy): Router {
  const r = Router();

  // Public: which sign-in providers the login page shows (none unless OIDC is configured).
  registerRoute(r, routes['GET /auth/providers'], (_req, res) => {
    res.json({ success: true, providers: signIn.providers() });
  });

  // Anyone: sends the browser to the provider; `returnTo` (a path of this shop) is where it lands after.
  registerRoute(r, routes['GET /auth/oidc/start'], async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    try {
      const { authorizationUrl, state } = await signIn.begin({ ip: clientAddress(req) }, req.query.returnTo);
      res.cookie(OIDC_STATE_COOKIE, state, { ...stateCookie(cookies), maxAge: OIDC_LOGIN_TTL_MS });
      res.redirect(302, authorizationUrl);
    } catch (err) {
      refuse(req, res, err);
    }
  });

  // Anyone (the provider sends the browser here): ends in the same session as a password login.
  registerRoute(r, routes['GET /auth/oidc/callback'], async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const browserState = typeof req.cookies?.[OIDC_STATE_COOKIE] === 'string' ? (req.cookies[OIDC_STATE_COOKIE] as string) : undefined;
    // One use per start, whatever the outcome.
    res.clearCookie(OIDC_STATE_COOKIE, stateCookie(cookies));
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
    try {
      const { session, returnTo } = await signIn.finish(query, browserState, { ip: clientAddress(req) });
      setSessionCookies(res, session, cookies);
      res.redirect(302, returnTo);
    } catch (err) {
      refuse(req, res, err);
    }
  });

  function refuse(req: Request, res: Response, err: unknown) {
    if (err instanceof OidcRefusal) {
      deps.logger.info({ reason: err.reason, detail: err.message, path: req.path }, 'Google sign-in refused');
      res.redirect(302, loginPageWith(err.reason));
      return;
    }
    // Our own fault (e.g. the database): still a page the shopper can act on, and a log line for us.
    deps.logger.error({ err }, 'Google sign-in failed');
    res.redirect(302, loginPageWith('failed'));
  }

  return r;
}
