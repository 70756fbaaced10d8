import { createPublicKey } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import { messages, roleSchema, type Role } from '@shop/proto-contracts';
import type { AuthzState } from './authz-state';
import { forbidden, unauthenticated } from './errors';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';
export const JWT_ALGORITHM = 'RS256' as const;
export const JWT_ISSUER = 'shop-auth';

export interface Principal {
  userId: string;
  role: Role;
  email: string;
  name: string;
  /**
   * The token's `emailVerified` claim: its `email` was proven (decision 0042) when auth issued the
   * token. False for a token without the claim (issued before the claim existed).
   */
  emailVerified: boolean;
  /** The session the access token belongs to (ended by a logout). */
  sessionId?: string;
}

interface AccessClaims {
  sub: string;
  role: Role;
  email: string;
  name: string;
  /** Authorisation version at issue time. */
  av: number;
  /** The account's email was verified when the token was issued (decision 0042, amendment). */
  emailVerified?: boolean;
  /** The session (refresh family) the token belongs to; a logout ends it. */
  sid?: string;
}

export interface TokenVerifier {
  /** The principal of a valid, current access token; throws a 401 AppError otherwise. */
  verify(token: string): Promise<Principal>;
}

/** Verified tokens remembered per process (their signature and claims never change). */
const VERIFIED_TOKENS = 10_000;

/** Three base64url parts: the only shape jwt.verify could accept. */
const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * Verifies RS256 access tokens with the auth service's public key (the algorithm is pinned). A
 * token whose signature was checked is remembered until it expires, so a shopper's next request
 * costs no RSA; whether its user's version or its session still stand is asked every time.
 */
export function createTokenVerifier(publicKeyPem: string, authz: AuthzState): TokenVerifier {
  // Parsed once: parsing the PEM on every request cost more than the signature check itself.
  const publicKey = createPublicKey(publicKeyPem);
  const verified = new Map<string, { claims: AccessClaims; role: Role; expiresAtMs: number }>();
  const signatureChecked = (token: string) => {
    const known = verified.get(token);
    if (known && known.expiresAtMs > Date.now()) return known;
    // Not a JWT at all (e.g. the internal token on a service-to-service call): refused without parsing.
    if (!JWT_SHAPE.test(token)) throw unauthenticated(messages.sessionExpired);
    let claims: AccessClaims & { exp?: number };
    try {
      claims = jwt.verify(token, publicKey, { algorithms: [JWT_ALGORITHM], issuer: JWT_ISSUER }) as AccessClaims & { exp?: number };
    } catch {
      if (known) verified.delete(token);
      throw unauthenticated(messages.sessionExpired);
    }
    const role = roleSchema.safeParse(claims.role);
    if (!claims.sub || !role.success) throw unauthenticated(messages.sessionExpired);
    const entry = { claims, role: role.data, expiresAtMs: claims.exp === undefined ? 0 : claims.exp * 1000 };
    if (entry.expiresAtMs > Date.now()) {
      // Oldest first once full: entries live minutes, so insertion order is close enough.
      if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
      verified.set(token, entry);
    }
    return entry;
  };
  return {
    async verify(token) {
      const { claims, role } = signatureChecked(token);
      // Both questions in one round trip to the shared state.
      const { version: current, sessionEnded } = await authz.standing(claims.sub, claims.sid);
      if (current !== undefined && current > (claims.av ?? 0)) throw unauthenticated(messages.sessionExpired);
      if (sessionEnded) throw unauthenticated(messages.sessionExpired);
      return { userId: claims.sub, role, email: claims.email, name: claims.name, emailVerified: claims.emailVerified === true, ...(claims.sid ? { sessionId: claims.sid } : {}) };
    },
  };
}

/** The access token of a request: the httpOnly cookie, or `Authorization: Bearer` for partners. */
export function accessTokenOf(req: Request): string | undefined {
  const header = req.header('authorization');
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  const cookies = (req as Request & { cookies?: Record<string, string> }).cookies;
  return cookies?.[ACCESS_COOKIE];
}

declare module 'express-serve-static-core' {
  interface Request {
    principal?: Principal;
  }
}

/**
 * Resolves `req.principal` when a token is present. A bad or stale token on a route that does
 * not need login is ignored; `requireLogin` then refuses with 401.
 */
export function authenticate(verifier: TokenVerifier): RequestHandler {
  return async (req, _res, next) => {
    const token = accessTokenOf(req);
    if (!token) return next();
    // Not a JWT (the internal token of a service-to-service call, on every stock reservation): no
    // error is made unless a route asks for a login (an error's stack costs more than the check).
    if (!JWT_SHAPE.test(token)) {
      Object.defineProperty(req, 'authError', { configurable: true, get: () => unauthenticated(messages.sessionExpired) });
      return next();
    }
    try {
      req.principal = await verifier.verify(token);
      next();
    } catch (err) {
      (req as Request & { authError?: unknown }).authError = err;
      next();
    }
  };
}

export const requireLogin: RequestHandler = (req, _res, next) => {
  if (req.principal) return next();
  const authError = (req as Request & { authError?: unknown }).authError;
  next(authError ?? unauthenticated());
};

export function requireRole(...roles: Role[]): RequestHandler {
  return (req, res, next) => {
    requireLogin(req, res, (err?: unknown) => {
      if (err) return next(err);
      if (!roles.includes(req.principal!.role)) return next(forbidden());
      next();
    });
  };
}

/** Same checks for GraphQL resolvers, which get the principal (or the auth error) from context. */
export function assertLoggedIn(ctx: { principal?: Principal; authError?: unknown }): Principal {
  if (ctx.principal) return ctx.principal;
  throw ctx.authError ?? unauthenticated();
}

export function assertRole(ctx: { principal?: Principal; authError?: unknown }, ...roles: Role[]): Principal {
  const p = assertLoggedIn(ctx);
  if (!roles.includes(p.role)) throw forbidden();
  return p;
}
