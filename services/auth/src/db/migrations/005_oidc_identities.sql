-- The provider accounts (issuer + subject, the OpenID Connect identity that never changes) linked
-- to a shop account. The first sign-in links by the provider-verified email; later sign-ins find
-- the account by its subject, whatever email the provider holds by then.
create table auth.oidc_identities (
  issuer text not null,
  subject text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (issuer, subject)
);
create index oidc_identities_user_idx on auth.oidc_identities (user_id);
