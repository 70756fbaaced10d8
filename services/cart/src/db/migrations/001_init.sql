-- What the cart keeps of a product: filled from the catalog's REST API when the product is first
-- put in a cart or wishlist, kept current from ProductChanged / ProductDeleted. Carts are read from
-- here alone, so loading a cart is one local query and works while the catalog is down.
-- Money is integer paise.
create table cart.product_snapshots (
  product_id uuid primary key,
  code text not null default '',
  name text not null,
  price integer not null check (price >= 0),
  old_price integer not null check (old_price >= 0),
  discount integer not null default 0 check (discount between 0 and 100),
  image text,
  sizes jsonb not null default '[]'::jsonb check (jsonb_typeof(sizes) = 'array'),
  colors jsonb not null default '[]'::jsonb check (jsonb_typeof(colors) = 'array'),
  stock integer not null default 0 check (stock >= 0),
  stock_detail jsonb not null default '{}'::jsonb check (jsonb_typeof(stock_detail) = 'object'),
  deleted boolean not null default false,
  -- When the catalog's data was last taken over.
  updated_at timestamptz not null default now()
);

-- One cart per user: its lines. The user id comes from the access token (auth's user id).
create table cart.cart_lines (
  user_id text not null,
  product_id uuid not null references cart.product_snapshots (product_id),
  quantity integer not null check (quantity between 1 and 100),
  size text,
  color text,
  added_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, product_id)
);
create index cart_lines_product_idx on cart.cart_lines (product_id);

create table cart.wishlist_items (
  user_id text not null,
  product_id uuid not null references cart.product_snapshots (product_id),
  added_at timestamptz not null default now(),
  primary key (user_id, product_id)
);
create index wishlist_items_product_idx on cart.wishlist_items (product_id);
