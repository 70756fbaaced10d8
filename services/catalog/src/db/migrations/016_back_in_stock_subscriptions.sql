-- Notify me (decision 0069): a shopper asks to be mailed once when an out-of-stock product is back.
-- One row per shopper and product; notified_at is set in the transaction that records the mail, so
-- the mail is written exactly once. Subscribing again clears it. The address is the one the
-- shopper's access token proved (its emailVerified claim) when they subscribed.
create table if not exists catalog.stock_subscriptions (
  user_id uuid not null,
  product_id uuid not null references catalog.products (id) on delete cascade,
  email text not null,
  name text not null default '',
  created_at timestamptz not null default now(),
  notified_at timestamptz,
  primary key (user_id, product_id)
);
-- The waiting subscriptions of a product: read when its stock comes back.
create index if not exists stock_subscriptions_waiting_idx on catalog.stock_subscriptions (product_id) where notified_at is null;
