-- Stock held for orders (the reservation id is the order id). Checkout reserves all lines or none;
-- releasing (a cancelled order) puts the stock back exactly once: released_at is set by a
-- conditional update, so a second release finds nothing to do.
create table catalog.stock_reservations (
  id uuid primary key,
  -- [{productId, code, name, image, size, quantity, pricePaise}] as answered when reserved.
  lines jsonb not null check (jsonb_typeof(lines) = 'array' and jsonb_array_length(lines) between 1 and 50),
  created_at timestamptz not null default now(),
  released_at timestamptz
);
create index stock_reservations_open_idx on catalog.stock_reservations (created_at) where released_at is null;
