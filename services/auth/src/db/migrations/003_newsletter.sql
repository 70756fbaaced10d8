-- Newsletter sign-ups (double opt-in). One row per address (lower-cased): a sign-up is pending
-- until the confirmation link is opened. The confirmation token is stored by SHA-256 hash only;
-- the unsubscribe token is an HMAC of the address (so every newsletter mail can carry the same
-- link without storing it), kept here by hash to find the row.
create table auth.newsletter_subscribers (
  email text primary key check (email = lower(email)),
  status text not null check (status in ('pending', 'confirmed', 'unsubscribed')),
  confirm_token_hash text unique,
  confirm_expires_at timestamptz,
  unsubscribe_token_hash text not null unique,
  subscribed_at timestamptz not null default now(),
  confirmed_at timestamptz,
  unsubscribed_at timestamptz
);
create index newsletter_subscribers_status_idx on auth.newsletter_subscribers (status, subscribed_at desc);
