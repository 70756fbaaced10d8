import type { CookieOptions, Response } from 'express';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '@shop/platform';
import type { IssuedSession } from '../domain/session.service';

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

export function clearSessionCookies(res: Response, policy: CookiePolicy) {
  res.clearCookie(ACCESS_COOKIE, base(policy));
  res.clearCookie(REFRESH_COOKIE, base(policy));
}

export function refreshTokenOf(cookies: Record<string, string> | undefined): string | undefined {
  const value = cookies?.[REFRESH_COOKIE];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
