import { randomUUID } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import * as client from 'openid-client';
import {
  NAME_MAX_LENGTH,
  OIDC_CALLBACK_PATH,
  OIDC_START_PATH,
  type AuthProviderInfo,
  type OidcErrorReason,
  type PublicUser,
} from '@shop/proto-contracts';
import { AppError, enqueueEvent, makeEvent } from '@shop/platform';
import { emailChanges, emailVerifications, oidcIdentities, oidcLogins, otpCodes, passwordResetTokens, users, type UserRow } from '../db/schema';
import type { AuthDeps } from './auth-deps';
import { isUniqueViolation } from './auth-errors';
import { accountTakenOverByGoogleMail } from './mail-templates';
import { NO_PASSWORD } from './password';
import { toPublicUser } from './public-user';
import { announceAuthzVersion, endAllSessions, issueSession, loginFailuresKey, sha256, type IssuedSession } from './session.service';

/** The provider the shop signs in with: Google's issuer by default (OIDC_ISSUER). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What the button says after "Continue with". */
const PROVIDER_NAME = 'Google';
/** How long a sign-in may take at the provider before its state, nonce and verifier are dropped. */
export const OIDC_LOGIN_TTL_MS = 10 * 60_000;
/** Discovery and token requests give up after this many seconds (the shopper is waiting). */
const PROVIDER_TIMEOUT_SECONDS = 8;

/** A sign-in the shop refuses; the reason picks the message the login page shows. */
export class OidcRefusal extends Error {
  constructor(
    readonly reason: OidcErrorReason,
    detail?: string,
  ) {
    super(detail ?? reason);
    this.name = 'OidcRefusal';
  }
}

/** Where to send the shopper after signing in: a path of this shop only (never another site). */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 500) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  if (/[\u0000-\u001f]/.test(value)) return '/';
  // Never back into the login pages or the provider round trip.
  if (/^\/(login|signup)(\/|\?|$)/.test(value) || value.startsWith('/api/')) return '/';
  return value;
}

/** The redirect URI registered with the provider: the shop's public origin + the callback path. */
export const oidcRedirectUri = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}${OIDC_CALLBACK_PATH}`;

/** A loopback issuer over plain http (a provider on this machine, e.g. in tests); anything else must be https. */
export function isLoopbackHttp(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/**
 * The provider's metadata, discovered on first use rather than at start, so the shop starts (and
 * password logins work) while the provider is unreachable; a failed discovery is retried by the
 * next sign-in. The JWKS is fetched by the library when it first verifies an ID token (and again
 * when the provider rotates its keys).
 */
function lazyDiscovery(settings: OidcSettings): () => Promise<client.Configuration> {
  let pending: Promise<client.Configuration> | undefined;
  return () => {
    pending ??= client
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        execute: [
          // Check every ID token's signature against the provider's JWKS, not only TLS (the default).
          client.enableNonRepudiationChecks,
          ...(isLoopbackHttp(settings.issuer) ? [client.allowInsecureRequests] : []),
        ],
      })
      .catch((err: unknown) => {
        pending = undefined;
        throw err;
      });
    return pending;
  };
}

export interface OidcSignIn {
  /** The providers the login page offers: empty when OIDC is not configured. */
  providers(): AuthProviderInfo[];
  /** Step 1: a stored state/nonce/verifier and the provider's URL to send the browser to. */
  begin(caller: { ip: string }, returnTo: unknown): Promise<{ authorizationUrl: string; state: string }>;
  /**
   * Step 2: the provider sent the browser back. `query` is the callback's query string and
   * `browserState` the state this browser was given in step 1 (its cookie).
   */
  finish(query: string, browserState: string | undefined, caller: { ip: string }): Promise<{ user: PublicUser; session: IssuedSession; returnTo: string }>;
}

/** Google sign-in (any OpenID Connect provider): authorization code flow with PKCE (S256), state and nonce. */
export function oidcSignIn(deps: AuthDeps, settings: OidcSettings | undefined): OidcSignIn {
  const discover = settings ? lazyDiscovery(settings) : undefined;
  const redirectUri = oidcRedirectUri(deps.publicUrl);
  const limits = deps.loginLimits;
  const failuresKey = (ip: string) => `login-fail:address:${ip}`;

  /** The password login's limits of this address: attempts (generous) and failures (tight). */
  async function throttle(ip: string) {
    try {
      await deps.rateLimiter.consume(`login:address:${ip}`, limits.attemptsPerAddress, limits.windowMs);
    } catch (err) {
      if (err instanceof AppError && err.status === 429) throw new OidcRefusal('throttled');
      throw err;
    }
    const failures = await deps.rateLimiter.check(failuresKey(ip), limits.failuresPerAddress - 1, limits.windowMs, 0);
    if (!failures.allowed) throw new OidcRefusal('throttled');
  }

  async function configuration(): Promise<client.Configuration> {
    if (!discover) throw new OidcRefusal('disabled');
    try {
      return await discover();
    } catch (err) {
      deps.logger.warn({ err: String(err), issuer: settings?.issuer }, 'OpenID provider unreachable (discovery failed)');
      throw new OidcRefusal('unavailable');
    }
  }

  return {
    providers: () => (settings ? [{ id: 'oidc', name: PROVIDER_NAME, startUrl: OIDC_START_PATH }] : []),

    async begin(caller, returnTo) {
      if (!settings) throw new OidcRefusal('disabled');
      await throttle(caller.ip);
      const config = await configuration();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const codeVerifier = client.randomPKCECodeVerifier();
      const now = deps.clock();
      // Sign-ins nobody finished are of no use any more; drop them while we are here.
      await deps.db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, now));
      await deps.db.insert(oidcLogins).values({
        stateHash: sha256(state),
        nonce,
        codeVerifier,
        returnTo: safeReturnPath(returnTo),
        expiresAt: new Date(now.getTime() + OIDC_LOGIN_TTL_MS),
      });
      const authorizationUrl = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { authorizationUrl: authorizationUrl.href, state };
    },

    async finish(query, browserState, caller) {
      if (!settings) throw new OidcRefusal('disabled');
      try {
        return await finishSignIn(query, browserState, caller);
      } catch (err) {
        // Every refusal but a throttled or unreachable provider counts as a failed login of this address.
        if (err instanceof OidcRefusal && err.reason !== 'throttled' && err.reason !== 'unavailable' && err.reason !== 'denied') {
          await deps.rateLimiter.check(failuresKey(caller.ip), limits.failuresPerAddress, limits.windowMs).catch(() => undefined);
        }
        throw err;
      }
    },
  };

  async function finishSignIn(query: string, browserState: string | undefined, caller: { ip: string }) {
    await throttle(caller.ip);
    const params = new URLSearchParams(query);
    const state = params.get('state');
    // The browser that comes back must be the one that started (login CSRF): its cookie holds the state.
    if (!state || !browserState || state !== browserState) throw new OidcRefusal('expired', 'state does not match this browser');
    // Single use: taking the row is what lets only one callback through, however many arrive.
    const [pending] = await deps.db.delete(oidcLogins).where(eq(oidcLogins.stateHash, sha256(state))).returning();
    if (!pending || pending.expiresAt <= deps.clock()) throw new OidcRefusal('expired', 'unknown, used or expired state');
    const providerError = params.get('error');
    if (providerError) throw new OidcRefusal(providerError === 'access_denied' ? 'denied' : 'failed', `provider answered ${providerError}: ${params.get('error_description') ?? ''}`);
    const config = await configuration();

    let claims: { email?: unknown; email_verified?: unknown; name?: unknown; given_name?: unknown; family_name?: unknown };
    let subject: string;
    try {
      const tokens = await client.authorizationCodeGrant(config, new URL(`${redirectUri}?${params.toString()}`), {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new OidcRefusal('failed', 'no ID token');
      claims = idToken as typeof claims;
      subject = idToken.sub;
      // Google puts the email in the ID token; a provider that keeps it to the UserInfo endpoint
      // (as OpenID Connect Core allows) is asked there, for the same subject only.
      if (idToken.email === undefined) claims = { ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken };
    } catch (err) {
      throw refusalOf(err);
    }
    const issuer = config.serverMetadata().issuer;
    // A provider account seen before is its shop account, whatever email it holds today.
    const linked = await linkedUser(deps, issuer, subject);
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (linked) {
      await deps.rateLimiter.reset(loginFailuresKey(linked.email));
      // A link made before Google had to find a proven address (decision 0083): when the provider
      // proves the account's own address now, an account nobody proved is taken over as a new
      // link would be — a password set before that proof may be a pre-hijacker's.
      if (!linked.emailVerifiedAt && claims.email_verified === true && email === linked.email) {
        return { ...(await takeOverUnverifiedAccount(deps, linked, email)), returnTo: pending.returnTo };
      }
      return { user: toPublicUser(linked), session: await issueSession(deps, deps.db, linked), returnTo: pending.returnTo };
    }
    // Only an address the provider verified may name an account here (else anyone could claim one).
    if (!email || claims.email_verified !== true) throw new OidcRefusal('unverified');
    if (email.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new OidcRefusal('failed', 'unusable email claim');

    const signedIn = await signInByVerifiedEmail(deps, email, nameFrom(claims, email));
    await deps.db.insert(oidcIdentities).values({ issuer, subject, userId: signedIn.user.id }).onConflictDoNothing();
    // As after a password login: the owner got in, so their account's failed logins no longer count.
    await deps.rateLimiter.reset(loginFailuresKey(email));
    return { ...signedIn, returnTo: pending.returnTo };
  }

  function refusalOf(err: unknown): OidcRefusal {
    if (err instanceof OidcRefusal) return err;
    if (err instanceof client.AuthorizationResponseError) {
      return new OidcRefusal(err.error === 'access_denied' ? 'denied' : 'failed', `authorization response: ${err.error}`);
    }
    // invalid_grant: the code was used already (a replay), expired, or not issued for this verifier.
    if (err instanceof client.ResponseBodyError) return new OidcRefusal(err.error === 'invalid_grant' ? 'expired' : 'failed', `token endpoint: ${err.error}`);
    const code = (err as { code?: string }).code;
    // A fetch that failed or timed out: the provider is down, not the shopper's doing.
    if (err instanceof TypeError || (err as Error).name === 'AbortError' || (err as Error).name === 'TimeoutError' || code === 'OAUTH_TIMEOUT') {
      deps.logger.warn({ err: String(err) }, 'OpenID provider unreachable (token request failed)');
      return new OidcRefusal('unavailable', String(err));
    }
    // Anything else the library refused: a wrong nonce, issuer, audience, signature or expiry.
    deps.logger.warn({ err: String(err), code }, 'ID token or authorization response refused');
    return new OidcRefusal('failed', `${code ?? ''} ${String(err)}`);
  }
}

function nameFrom(claims: { name?: unknown; given_name?: unknown; family_name?: unknown }, email: string): string {
  const given = [claims.name, [claims.given_name, claims.family_name].filter(Boolean).join(' ')].find((v) => typeof v === 'string' && v.trim().length > 0);
  const name = typeof given === 'string' ? given.trim() : email.split('@')[0]!;
  return name.slice(0, NAME_MAX_LENGTH);
}

/** The shop account linked to a provider account (issuer + subject), if any. */
async function linkedUser(deps: AuthDeps, issuer: string, subject: string): Promise<UserRow | undefined> {
  const [row] = await deps.db
    .select({ user: users })
    .from(oidcIdentities)
    .innerJoin(users, eq(users.id, oidcIdentities.userId))
    .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)));
  return row?.user;
}

/**
 * The account of a provider-verified email, created when there is none: a plain `user` (buyer)
 * without a password (they can set one with "Forgot password"), announced with UserRegistered.
 * An existing account whose email its owner proved (decision 0042) is signed in as it is (same
 * role), like a password login. One whose email nobody proved may have been made by someone else
 * in the owner's name (pre-hijacking): the provider's proof wins and takes it over cleanly — its
 * password is cleared, every session, refresh-token family and pending link ends — and the address
 * gets a mail saying so.
 */
export async function signInByVerifiedEmail(deps: AuthDeps, email: string, name: string): Promise<{ user: PublicUser; session: IssuedSession }> {
  for (let attempt = 0; ; attempt += 1) {
    const [existing] = await deps.db.select().from(users).where(eq(users.email, email));
    if (existing?.emailVerifiedAt) return { user: toPublicUser(existing), session: await issueSession(deps, deps.db, existing) };
    if (existing) return takeOverUnverifiedAccount(deps, existing, email);
    try {
      const now = deps.clock();
      const result = await deps.db.transaction(async (tx) => {
        const [user] = (await tx
          .insert(users)
          .values({ id: randomUUID(), name, email, passwordHash: NO_PASSWORD, role: 'user', emailVerifiedAt: now })
          .returning()) as UserRow[];
        await enqueueEvent(tx, deps.schema, makeEvent('auth', 'UserRegistered', { userId: user.id, email: user.email, name: user.name }));
        return { user: toPublicUser(user), session: await issueSession(deps, tx, user) };
      });
      deps.publishEvents();
      return result;
    } catch (err) {
      // The same email signed up (or signed in) at this very moment: that account is the one.
      if (isUniqueViolation(err) && attempt === 0) continue;
      throw err;
    }
  }
}

/** Whoever set the password of an unproven account loses every way in; the provider's user gets it. */
async function takeOverUnverifiedAccount(deps: AuthDeps, account: UserRow, email: string): Promise<{ user: PublicUser; session: IssuedSession }> {
  const now = deps.clock();
  const outcome = await deps.db.transaction(async (tx) => {
    const [locked] = (await tx.select().from(users).where(eq(users.id, account.id)).for('update')) as UserRow[];
    if (!locked || locked.email !== email) throw new OidcRefusal('failed', 'account deleted or its email changed during sign-in');
    // Verified meanwhile (the owner opened the link in another tab): joined as it is.
    if (locked.emailVerifiedAt) return { user: toPublicUser(locked), session: await issueSession(deps, tx, locked), authzVersion: undefined };
    // Nobody ever set a password (an account Google made before addresses were recorded as
    // proven): there is no one to shut out; the address is simply proven now.
    if (locked.passwordHash === NO_PASSWORD) {
      await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, locked.id));
      const proven = { ...locked, emailVerifiedAt: now };
      return { user: toPublicUser(proven), session: await issueSession(deps, tx, proven), authzVersion: undefined };
    }
    await tx.update(users).set({ passwordHash: NO_PASSWORD, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, locked.id));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, locked.id));
    await tx.delete(otpCodes).where(eq(otpCodes.userId, locked.id));
    await tx.delete(emailChanges).where(eq(emailChanges.userId, locked.id));
    await tx.delete(emailVerifications).where(eq(emailVerifications.userId, locked.id));
    const authzVersion = await endAllSessions(deps, tx, locked.id, now);
    const fresh = { ...locked, passwordHash: NO_PASSWORD, emailVerifiedAt: now, authzVersion };
    return { user: toPublicUser(fresh), session: await issueSession(deps, tx, fresh), authzVersion };
  });
  const { user, session, authzVersion } = outcome;
  if (authzVersion === undefined) return { user, session };
  await announceAuthzVersion(deps, user.id, authzVersion);
  deps.logger.warn({ userId: user.id }, 'Google sign-in took over an account whose email was never verified');
  try {
    await deps.mailer.send(accountTakenOverByGoogleMail(user.email));
  } catch (err) {
    // The sign-in stands; the mail is a notice, not a step of it.
    deps.logger.error({ err: String(err) }, 'takeover notice mail failed');
  }
  return { user, session };
}
