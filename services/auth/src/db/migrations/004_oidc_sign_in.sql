-- Sign-ins with an OpenID Connect provider (Google) under way: one row per click on "Continue with
-- Google", keyed by the SHA-256 hash of its `state`, holding the nonce and the PKCE code verifier
-- until the provider sends the browser back. Deleted when the callback uses it (single use) or
-- when it expires (10 minutes).
create table auth.oidc_logins (
  state_hash text primary key,
  nonce text not null,
  code_verifier text not null,
  return_to text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index oidc_logins_expires_idx on auth.oidc_logins (expires_at);
