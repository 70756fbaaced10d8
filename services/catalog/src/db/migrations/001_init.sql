-- Trigram similarity for typo-tolerant search ("lether walet" finds "Leather Wallet").
create extension if not exists pg_trgm with schema public;

-- The top-level categories are data (seeded from proto-contracts at start, editable afterwards).
-- Subcategories travel with their category as a JSON list of {id, str, name}.
create table catalog.categories (
  id text primary key,
  idx integer not null check (idx >= 0),
  slug text not null,
  name text not null,
  image text not null default '',
  colors boolean not null default false,
  ssize boolean not null default false,
  size_set text not null default 'none' check (size_set in ('letters', 'shoe', 'waist', 'kids', 'free', 'none')),
  subcategories jsonb not null default '[]'::jsonb check (jsonb_typeof(subcategories) = 'array'),
  updated_at timestamptz not null default now()
);
create unique index categories_idx_key on catalog.categories (idx);
create unique index categories_slug_key on catalog.categories (slug);

-- Sum of a {size: stock} object; a CHECK below keeps a sized product's total equal to it.
create function catalog.stock_total(detail jsonb) returns integer
  language sql immutable strict parallel safe
  as $$ select coalesce(sum(value::integer), 0)::integer from jsonb_each_text(detail) $$;

-- Money is integer paise. oldPrice (MRP) is derived from price and discount, never stored.
create table catalog.products (
  id uuid primary key,
  code text not null check (char_length(code) between 1 and 40),
  name text not null check (char_length(name) between 1 and 150),
  price integer not null check (price > 0),
  discount integer not null default 0 check (discount between 0 and 90),
  description text not null default '',
  images jsonb not null default '[]'::jsonb check (jsonb_typeof(images) = 'array' and jsonb_array_length(images) <= 5),
  category_id text not null references catalog.categories (id),
  subcat text,
  sizes jsonb not null default '[]'::jsonb check (jsonb_typeof(sizes) = 'array'),
  colors jsonb not null default '[]'::jsonb check (jsonb_typeof(colors) = 'array'),
  stock integer not null default 0 check (stock >= 0),
  -- Stock per size: whole numbers, never below 0.
  stock_detail jsonb not null default '{}'::jsonb check (
    jsonb_typeof(stock_detail) = 'object'
    and not jsonb_path_exists(stock_detail, '$.* ? (@.type() != "number" || @ < 0 || @.floor() != @)')
  ),
  rating numeric(2, 1) not null default 0 check (rating between 0 and 5),
  review_count integer not null default 0 check (review_count >= 0),
  badge text,
  tags text[] not null default '{}',
  -- Name, category, subcategory and tag words, written by the service; searched by words and trigrams.
  search_text text not null default '',
  search_vector tsvector generated always as (to_tsvector('english', search_text)) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint products_sized_stock_is_sum check (jsonb_array_length(sizes) = 0 or stock = catalog.stock_total(stock_detail))
);
-- Product codes are unique whatever their case.
create unique index products_code_key on catalog.products (lower(code));
create index products_category_popular_idx on catalog.products (category_id, review_count desc, rating desc, created_at desc, id);
create index products_popular_idx on catalog.products (review_count desc, rating desc, created_at desc, id);
create index products_created_idx on catalog.products (created_at desc, id);
create index products_price_idx on catalog.products (price, id);
create index products_tags_idx on catalog.products using gin (tags);
create index products_search_idx on catalog.products using gin (search_vector);
create index products_name_trgm_idx on catalog.products using gin (name public.gin_trgm_ops);
create index products_search_trgm_idx on catalog.products using gin (search_text public.gin_trgm_ops);

-- One review per user and product; a second one replaces the first.
create table catalog.reviews (
  id uuid primary key,
  product_id uuid not null references catalog.products (id) on delete cascade,
  user_id uuid not null,
  user_name text not null,
  rating smallint not null check (rating between 1 and 5),
  comment text not null check (char_length(comment) between 1 and 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index reviews_product_user_key on catalog.reviews (product_id, user_id);
create index reviews_product_idx on catalog.reviews (product_id, created_at desc, id);

-- Demo artwork still to be made and stored through the media service (a job that survives restarts).
create table catalog.pending_images (
  kind text not null check (kind in ('category', 'product')),
  target_id text not null,
  created_at timestamptz not null default now(),
  primary key (kind, target_id)
);
