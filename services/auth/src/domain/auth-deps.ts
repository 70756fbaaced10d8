import type { KeyObject } from 'node:crypto';
import type { AuthzState, Db, Logger, Mailer, RateLimiter } from '@shop/platform';

/** An image a caller uploaded, already read into memory. */
export interface UploadedImage {
  buffer: Buffer;
  mimeType: string;
  filename: string;
}

/** Where avatars are stored (the media service); answers the public URL of the stored image. */
export interface ImageStore {
  /** `accessToken` is the caller's, so the store applies its own rules to the upload. */
  upload(image: UploadedImage, caller: { accessToken?: string }): Promise<string>;
}

/**
 * Login throttling that fits shoppers behind a mobile carrier's shared address: successful logins
 * per address are limited only generously, failures tightly — per account from every address
 * (guessing one password) and per address on every account (spraying one password).
 */
export interface LoginLimits {
  failuresPerAccount: number;
  failuresPerAddress: number;
  /** Every login attempt of one address, successful or not (a high ceiling for shared addresses). */
  attemptsPerAddress: number;
  windowMs: number;
}

export const defaultLoginLimits: LoginLimits = { failuresPerAccount: 10, failuresPerAddress: 50, attemptsPerAddress: 600, windowMs: 15 * 60_000 };

/** Everything the auth domain needs from outside, passed in so tests can hand in real parts. */
export interface AuthDeps {
  db: Db;
  /** PostgreSQL schema holding the outbox (the service's own schema). */
  schema: string;
  authz: AuthzState;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  logger: Logger;
  clock: () => Date;
  /** Publishes outbox rows now instead of at the relay's next poll; call after a commit. */
  publishEvents: () => void;
  tokens: {
    /** The signing key, parsed once. */
    privateKey: KeyObject;
    accessTtlSeconds: number;
    refreshTtlDays: number;
    /** Key of the HMAC that OTP codes are stored under (a 6-digit code's plain hash is trivially reversed). */
    otpKey: Buffer;
  };
  /** Origin of the web app, for links in mails. */
  publicUrl: string;
  loginLimits: LoginLimits;
  imageStore?: ImageStore;
}
