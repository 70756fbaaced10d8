import { createHash, createPrivateKey } from 'node:crypto';
import { join } from 'node:path';
import express from 'express';
import { parse } from 'graphql';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, subgraphSdl } from '@shop/proto-contracts';
import {
  commonSettings,
  ConfigError,
  createServiceApp,
  finishServiceApp,
  followAuthzEvents,
  mountSubgraph,
  prepareService,
  settings,
  type Runtime,
  type ServiceInstance,
} from '@shop/platform';
import { mediaImageStore } from './clients/media.client';
import { ensureAdminExists, primeAuthzState, type AdminBootstrap } from './domain/admin-users.service';
import { defaultLoginLimits, type AuthDeps, type LoginLimits } from './domain/auth-deps';
import { authResolvers } from './graphql/resolvers';
import { adminUserRoutes } from './routes/admin-users.routes';
import { isLoopbackHttp, oidcSignIn, type OidcSettings } from './domain/oidc.service';
import { followAccountMailRequests } from './events/account-mail.consumer';
import { addressBookRoutes } from './routes/address-book.routes';
import { authRoutes } from './routes/auth.routes';
import { oidcRoutes } from './routes/oidc.routes';
import { newsletterRoutes } from './routes/newsletter.routes';

/**
 * Google sign-in (OpenID Connect): on when both the client id and secret are set. The issuer must
 * be https (plain http only on this machine's loopback, for a local test provider).
 */
export const oidcSettings = {
  OIDC_ISSUER: settings
    .url(['http:', 'https:'])
    .refine((v) => v.startsWith('https:') || isLoopbackHttp(v), 'must be an https URL (http only for 127.0.0.1 or localhost)')
    .default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
};

/** The OIDC options of a service from its settings: off without a client id and secret; one without the other is a configuration error. */
export function oidcOptionsOf(config: { OIDC_ISSUER: string; OIDC_CLIENT_ID?: string; OIDC_CLIENT_SECRET?: string }): OidcSettings | undefined {
  if (!config.OIDC_CLIENT_ID !== !config.OIDC_CLIENT_SECRET) {
    throw new ConfigError([`${config.OIDC_CLIENT_ID ? 'OIDC_CLIENT_SECRET' : 'OIDC_CLIENT_ID'}: is required with ${config.OIDC_CLIENT_ID ? 'OIDC_CLIENT_ID' : 'OIDC_CLIENT_SECRET'} (Google sign-in needs both)`]);
  }
  if (!config.OIDC_CLIENT_ID || !config.OIDC_CLIENT_SECRET) return undefined;
  return { issuer: config.OIDC_ISSUER, clientId: config.OIDC_CLIENT_ID, clientSecret: config.OIDC_CLIENT_SECRET };
}

/**
 * Auth's own settings, the same in both modes: read from this service's environment in distributed
 * mode and from the shop's in embedded mode (decision 0085); `authOptionsOf` turns them into options.
 */
export const authServiceSettings = {
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(PASSWORD_MIN_LENGTH).optional(),
  /** Failed logins per account (from any address) in 15 minutes before its logins are refused. */
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  /** Failed logins per client address (on any account) in 15 minutes: password spraying. */
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  ...oidcSettings,
};

/** The service options auth's own settings give (a ConfigError for half a Google sign-in). */
export function authOptionsOf(config: z.output<z.ZodObject<typeof authServiceSettings>>) {
  return {
    accessTtlSeconds: config.ACCESS_TOKEN_TTL,
    refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    admin: { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
    loginLimits: { failuresPerAccount: config.LOGIN_FAILURES_PER_ACCOUNT, failuresPerAddress: config.LOGIN_FAILURES_PER_ADDRESS },
    oidc: oidcOptionsOf(config),
  } satisfies Partial<AuthServiceOptions>;
}

/** The auth process's settings in distributed mode: the common ones, where it listens and what it reaches, and its own. */
export const authSettings = {
  ...commonSettings,
  PORT: settings.port.default(4001),
  /** PEM of the RS256 private key that signs access tokens; required in distributed mode. */
  JWT_PRIVATE_KEY: z.string().optional(),
  /** Origin of the web app; reset links point there. */
  PUBLIC_URL: settings.url(['http:', 'https:']).default('http://localhost:3000'),
  SMTP_URL: settings.url(['smtp:', 'smtps:']).optional(),
  /** Base URL of the media service; without it avatar files cannot be uploaded (URLs still can). */
  MEDIA_URL: settings.url(['http:', 'https:']).optional(),
  ...authServiceSettings,
};

export interface AuthServiceOptions {
  privateKey: string;
  publicUrl: string;
  accessTtlSeconds?: number;
  refreshTtlDays?: number;
  secureCookies: boolean;
  admin?: { email?: string; password?: string };
  /** The media service's base URL, or a function answering it once known (embedded mode listens late). */
  mediaUrl?: string | (() => string | undefined);
  /** Login throttling (defaults: 10 failures per account, 50 per address, in 15 minutes). */
  loginLimits?: Partial<LoginLimits>;
  /** Google sign-in (OpenID Connect); omitted: off, and the login page shows no Google button. */
  oidc?: OidcSettings;
}

const typeDefs = parse(subgraphSdl('auth'));

/** The domain's dependencies, from the runtime and the service options. */
export function buildAuthDeps(runtime: Runtime, opts: AuthServiceOptions, publishEvents: () => void): AuthDeps {
  return {
    db: runtime.database.db,
    schema: runtime.schema,
    authz: runtime.authz,
    rateLimiter: runtime.rateLimiter,
    mailer: runtime.mailer,
    logger: runtime.logger,
    clock: runtime.clock,
    publishEvents,
    tokens: {
      privateKey: createPrivateKey(opts.privateKey),
      accessTtlSeconds: opts.accessTtlSeconds ?? 900,
      refreshTtlDays: opts.refreshTtlDays ?? 30,
      otpKey: createHash('sha256').update('shop-auth:otp:').update(opts.privateKey).digest(),
    },
    publicUrl: opts.publicUrl,
    loginLimits: { ...defaultLoginLimits, ...opts.loginLimits },
    imageStore: opts.mediaUrl ? mediaImageStore(opts.mediaUrl) : undefined,
  };
}

/**
 * The auth service: accounts, sessions (RS256 access tokens, rotating refresh tokens), password
 * recovery, user administration; REST under /api/v1 and the `auth` GraphQL subgraph at /graphql.
 * On start it makes sure an admin exists and reports a newly created one in `adminBootstrap`.
 */
export async function createAuthService(
  runtime: Runtime,
  opts: AuthServiceOptions,
): Promise<ServiceInstance & { adminBootstrap?: AdminBootstrap }> {
  const running = await prepareService(runtime, join(__dirname, 'db/migrations'));
  const deps = buildAuthDeps(runtime, opts, () => running.relay.kick());
  const cookies = { secure: opts.secureCookies };
  const oidc = oidcSignIn(deps, opts.oidc);

  const app = createServiceApp(runtime);
  app.use('/api/v1', express.json({ limit: '100kb' }), authRoutes(deps, cookies), addressBookRoutes(deps), oidcRoutes(deps, oidc, cookies), adminUserRoutes(deps), newsletterRoutes(deps));
  await mountSubgraph(app, {
    typeDefs,
    resolvers: authResolvers(deps, cookies, oidc),
    logger: runtime.logger,
    production: runtime.production,
    // Resolver timings are for Apollo Studio, which the shop does not use.
  });
  finishServiceApp(app, runtime);

  await primeAuthzState(deps);
  await followAuthzEvents(runtime);
  await followAccountMailRequests(deps, runtime.bus);
  const adminBootstrap = await ensureAdminExists(deps, opts.admin);
  return { name: 'auth', app, stop: running.stop, adminBootstrap };
}
