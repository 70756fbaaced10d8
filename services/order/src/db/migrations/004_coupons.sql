-- Coupon codes staff make and checkout prices (decision 0028).

create table "order".coupons (
  id uuid primary key,
  -- Upper-cased; one coupon per code.
  code text not null unique check (code ~ '^[A-Z0-9][A-Z0-9_-]{2,19}$'),
  type text not null check (type in ('percent', 'amount')),
  -- A whole percent for 'percent', paise for 'amount'; the other is null.
  percent smallint check (percent between 1 and 100),
  amount_paise bigint check (amount_paise > 0),
  -- On the items' subtotal before any discount and GST.
  min_order_paise bigint not null default 0 check (min_order_paise >= 0),
  valid_from timestamptz not null,
  -- Null: never ends.
  valid_to timestamptz,
  -- Null: no limit.
  max_uses integer check (max_uses >= 1),
  max_uses_per_customer integer check (max_uses_per_customer >= 1),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint coupons_value_of_type check ((type = 'percent' and percent is not null and amount_paise is null) or (type = 'amount' and amount_paise is not null and percent is null)),
  constraint coupons_dates_in_order check (valid_to is null or valid_from < valid_to)
);
create index coupons_created_idx on "order".coupons (created_at desc, id desc);

-- One row per order that used a coupon, written in the transaction that writes the order (under
-- the coupon's row lock, so the limits hold under concurrency). A cancelled order's use is given
-- back (released_at set); a coupon's uses are its rows not released.
create table "order".coupon_uses (
  order_id uuid primary key references "order".orders (id) on delete cascade,
  coupon_id uuid not null references "order".coupons (id),
  user_id uuid not null,
  discount_paise bigint not null check (discount_paise >= 0),
  created_at timestamptz not null default now(),
  released_at timestamptz
);
create index coupon_uses_coupon_user_idx on "order".coupon_uses (coupon_id, user_id) where released_at is null;

-- The order keeps its own copy of the code and what it took off (the coupon may change later).
alter table "order".orders add column coupon_code text;
alter table "order".orders add column coupon_discount_paise bigint not null default 0 check (coupon_discount_paise >= 0);
alter table "order".orders drop constraint orders_total_is_sum;
alter table "order".orders add constraint orders_total_is_sum check (total_paise = items_paise - discount_paise - coupon_discount_paise + tax_paise + shipping_paise);
alter table "order".orders add constraint orders_discounts_within_items check (discount_paise + coupon_discount_paise <= items_paise);
