import { integer, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { NewsletterStatus, Role } from '@shop/proto-contracts';

/** The auth service's tables (created by db/migrations; this file only describes them to drizzle). */
export const authSchema = pgSchema('auth');

/**
 * A saved address (an element of users.addresses; decision 0065). The first is the default.
 * Addresses saved before the address book have only pin, other and maybe city, state, country.
 */
export interface StoredAddress {
  id: string;
  pin: string;
  /** The street part as one text (for an address-book entry: line 1, line 2 and landmark). */
  other: string;
  city?: string;
  state?: string;
  country?: string;
  recipientName?: string;
  phone?: string;
  line1?: string;
  line2?: string;
  landmark?: string;
  district?: string;
}

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = authSchema.table('users', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').$type<Role>().notNull().default('user'),
  phones: jsonb('phones').$type<string[]>().notNull().default([]),
  addresses: jsonb('addresses').$type<StoredAddress[]>().notNull().default([]),
  avatar: text('avatar'),
  authzVersion: integer('authz_version').notNull().default(0),
  /** When the owner proved the email is theirs (decision 0042); null = not proven. */
  emailVerifiedAt: ts('email_verified_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type UserRow = typeof users.$inferSelect;

export const refreshTokens = authSchema.table('refresh_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  familyId: uuid('family_id').notNull(),
  userId: uuid('user_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  revokedAt: ts('revoked_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const passwordResetTokens = authSchema.table('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const otpCodes = authSchema.table('otp_codes', {
  userId: uuid('user_id').primaryKey(),
  codeHash: text('code_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const deletedUsers = authSchema.table('deleted_users', {
  userId: uuid('user_id').primaryKey(),
  authzVersion: integer('authz_version').notNull(),
  deletedAt: ts('deleted_at').notNull().defaultNow(),
});

export const newsletterSubscribers = authSchema.table('newsletter_subscribers', {
  email: text('email').primaryKey(),
  status: text('status').$type<NewsletterStatus>().notNull(),
  confirmTokenHash: text('confirm_token_hash'),
  confirmExpiresAt: ts('confirm_expires_at'),
  unsubscribeTokenHash: text('unsubscribe_token_hash').notNull(),
  subscribedAt: ts('subscribed_at').notNull().defaultNow(),
  confirmedAt: ts('confirmed_at'),
  unsubscribedAt: ts('unsubscribed_at'),
});
export type NewsletterSubscriberRow = typeof newsletterSubscribers.$inferSelect;
export const emailChanges = authSchema.table('email_changes', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  newEmail: text('new_email').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A verification link sent to the account's email (decision 0042). */
export const emailVerifications = authSchema.table('email_verifications', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  email: text('email').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A provider account (issuer + subject) linked to a shop account (decision 0029). */
export const oidcIdentities = authSchema.table('oidc_identities', {
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  userId: uuid('user_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const oidcLogins = authSchema.table('oidc_logins', {
  stateHash: text('state_hash').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  returnTo: text('return_to').notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
