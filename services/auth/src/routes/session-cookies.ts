import type { CookieOptions, Response } from 'express';
import { ACCESS_COOKIE, REFRESH_COOKIE, type Principal } from '@shop/platform';
import type { AuthDeps } from '../domain/auth-deps';
import { freshAccessToken, type IssuedSession } from '../domain/session.service';

export interface CookiePolicy {
  /** Secure cookies (https only); off only for plain-http local development and tests. */
  secure: boolean;
}

const base = (policy: CookiePolicy): CookieOptions => ({ httpOnly: true, sameSite: 'lax', secure: policy.secure, path: '/' });

/** Both tokens as httpOnly cookies: never readable by the page's JavaScript. */
export function setSessionCookies(res: Response, session: IssuedSession, policy: CookiePolicy) {
  res.cookie(ACCESS_COOKIE, session.accessToken, { ...base(policy), maxAge: session.accessMaxAgeMs });
  res.cookie(REFRESH_COOKIE, session.refreshToken, { ...base(policy), maxAge: session.refreshMaxAgeMs });
}

/** A new access token for the session the caller is in (its refresh cookie stays as it is). */
export function setAccessCookie(res: Response, fresh: { accessToken: string; accessMaxAgeMs: number }, policy: CookiePolicy) {
  res.cookie(ACCESS_COOKIE, fresh.accessToken, { ...base(policy), maxAge: fresh.accessMaxAgeMs });
}

/**
 * After a verification link is opened in a browser logged into that same account: a fresh access
 * token saying the email is verified (decision 0042, amendment), so the next order is mailed
 * without waiting for the next refresh. Another browser, or another account's session, gets none.
 */
export async function renewAfterVerification(deps: AuthDeps, res: Response, principal: Principal | undefined, verifiedUserId: string, policy: CookiePolicy) {
  if (!principal?.sessionId || principal.userId !== verifiedUserId) return;
  const fresh = await freshAccessToken(deps, verifiedUserId, principal.sessionId);
  if (fresh) setAccessCookie(res, fresh, policy);
}

export function clearSessionCookies(res: Response, policy: CookiePolicy) {
  res.clearCookie(ACCESS_COOKIE, base(policy));
  res.clearCookie(REFRESH_COOKIE, base(policy));
}

export function refreshTokenOf(cookies: Record<string, string> | undefined): string | undefined {
  const value = cookies?.[REFRESH_COOKIE];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
