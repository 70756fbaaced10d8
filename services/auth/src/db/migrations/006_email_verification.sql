-- Proven email ownership (decision 0042): when the account's email was proven to belong to its
-- owner (a verification link opened, an email change confirmed, or Google sign-in with a verified
-- email). Accounts made before this are unverified until they prove it.
alter table auth.users add column email_verified_at timestamptz;

-- A sent verification link: single use, for the address the account held when it was sent.
create table auth.email_verifications (
  token_hash text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  email text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index email_verifications_user_idx on auth.email_verifications (user_id);
