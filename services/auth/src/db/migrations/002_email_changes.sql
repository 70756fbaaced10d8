-- A requested email change: the new address gets a single-use link; the account's email changes
-- only when the link is opened (decision 0013).
create table auth.email_changes (
  token_hash text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  new_email text not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index email_changes_user_idx on auth.email_changes (user_id);
