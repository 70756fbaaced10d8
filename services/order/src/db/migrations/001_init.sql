-- The order service's tables. The schema is named "order", an SQL keyword: always quote it.
-- Money is integer paise; totals are bigint (50 lines × 100 units × ₹10,00,000 exceeds an integer).

create table "order".orders (
  id uuid primary key,
  user_id uuid not null,
  -- The buyer's address and name when ordering (from the access token), for the order's mails.
  user_email text not null default '',
  user_name text not null default '',
  status text not null check (status in ('pending', 'processing', 'shipped', 'delivered', 'cancelled')),
  ship_address text not null check (char_length(ship_address) between 1 and 300),
  ship_city text not null check (char_length(ship_city) between 1 and 80),
  ship_state text not null check (char_length(ship_state) between 1 and 80),
  ship_country text not null check (char_length(ship_country) between 1 and 80),
  ship_pin_code integer not null check (ship_pin_code between 100000 and 999999),
  ship_phone text not null check (ship_phone ~ '^[6-9][0-9]{9}$'),
  payment_method text not null default 'COD' check (payment_method in ('COD', 'ONLINE')),
  payment_status text not null default 'Pending' check (payment_status in ('Pending', 'Paid', 'Refunded', 'Cancelled')),
  payment_id text,
  items_paise bigint not null check (items_paise >= 0),
  discount_paise bigint not null default 0 check (discount_paise >= 0 and discount_paise <= items_paise),
  tax_paise bigint not null check (tax_paise >= 0),
  shipping_paise bigint not null check (shipping_paise >= 0),
  total_paise bigint not null,
  idempotency_key text check (idempotency_key is null or char_length(idempotency_key) between 1 and 200),
  -- A promised date, when one was given; otherwise the estimate is derived (see order.model.ts).
  estimated_delivery timestamptz,
  paid_at timestamptz,
  shipped_at timestamptz,
  delivered_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint orders_total_is_sum check (total_paise = items_paise - discount_paise + tax_paise + shipping_paise)
);
-- The same user and Idempotency-Key can only ever make one order.
create unique index orders_user_idempotency_key on "order".orders (user_id, idempotency_key) where idempotency_key is not null;
create index orders_user_created_idx on "order".orders (user_id, created_at desc, id desc);
create index orders_created_idx on "order".orders (created_at desc, id desc);

-- What was ordered, as it was when ordering (name, picture and price do not follow later edits).
create table "order".order_items (
  order_id uuid not null references "order".orders (id) on delete cascade,
  line_no smallint not null check (line_no >= 0),
  product_id uuid not null,
  name text not null,
  image text,
  price_paise integer not null check (price_paise >= 0),
  quantity integer not null check (quantity between 1 and 100),
  size text,
  color text,
  primary key (order_id, line_no)
);

-- The built-in payment test provider: a key made at each start (the secret stays in this database,
-- so every instance verifies signatures of every other's), and the provider orders it created.
create table "order".payment_keys (
  key_id text primary key,
  secret text not null,
  created_at timestamptz not null default now()
);
create table "order".payment_orders (
  id text primary key,
  amount_paise bigint not null check (amount_paise >= 100),
  currency text not null check (currency = 'INR'),
  key_id text not null,
  status text not null default 'created' check (status in ('created', 'paid')),
  payment_id text,
  created_at timestamptz not null default now(),
  paid_at timestamptz
);
