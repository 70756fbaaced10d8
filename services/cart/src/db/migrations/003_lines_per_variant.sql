-- A cart holds one line per product, size and colour (decision 0062). Each line gets its own id,
-- stable while it exists; the lines already in carts keep everything they had (a cart had one line
-- per product, so no two existing lines collide on the new key).
alter table cart.cart_lines add column line_id uuid;
update cart.cart_lines set line_id = gen_random_uuid() where line_id is null;
alter table cart.cart_lines alter column line_id set not null;
alter table cart.cart_lines alter column line_id set default gen_random_uuid();
alter table cart.cart_lines drop constraint cart_lines_pkey;
alter table cart.cart_lines add primary key (line_id);
-- The variant key: a product without sizes or colours stores null for them, and null must match null.
create unique index cart_lines_variant_key on cart.cart_lines (user_id, product_id, coalesce(size, ''), coalesce(color, ''));

-- Guest carts merged at login, one row per account and guest cart (decision 0063): the same guest
-- cart sent again (a double submit, a retry) answers the first merge's result and adds nothing.
create table cart.guest_cart_merges (
  user_id text not null,
  merge_key uuid not null,
  result jsonb not null,
  merged_at timestamptz not null default now(),
  primary key (user_id, merge_key)
);
