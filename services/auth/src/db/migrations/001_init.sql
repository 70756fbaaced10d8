-- Accounts. Emails are stored lower-cased (PGlite has no citext), so a plain unique index makes
-- them unique case-insensitively.
create table auth.users (
  id uuid primary key,
  name text not null,
  email text not null check (email = lower(email)),
  password_hash text not null,
  role text not null default 'user' check (role in ('user', 'emp', 'admin')),
  phones jsonb not null default '[]'::jsonb,
  addresses jsonb not null default '[]'::jsonb,
  avatar text,
  -- Raised on every role change and on deletion; access tokens carry the version they were issued at.
  authz_version integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on auth.users (email);
create index users_staff_idx on auth.users (role) where role <> 'user';

-- Rotating refresh tokens, by SHA-256 hash only. A family is one login; reuse of a used token
-- revokes the whole family.
create table auth.refresh_tokens (
  token_hash text primary key,
  family_id uuid not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_family_idx on auth.refresh_tokens (family_id);
create index refresh_tokens_user_idx on auth.refresh_tokens (user_id);

-- Password reset links, by SHA-256 hash of the token in the link; single use.
create table auth.password_reset_tokens (
  token_hash text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index password_reset_tokens_user_idx on auth.password_reset_tokens (user_id);

-- At most one live OTP per user (a new one replaces the old), keyed-hashed, with a try counter.
create table auth.otp_codes (
  user_id uuid primary key references auth.users (id) on delete cascade,
  code_hash text not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  created_at timestamptz not null default now()
);

-- Deleted users' last authorisation version, so after a restart the in-memory authz state can be
-- primed again and a deleted user's unexpired access token is still refused.
create table auth.deleted_users (
  user_id uuid primary key,
  authz_version integer not null,
  deleted_at timestamptz not null default now()
);
