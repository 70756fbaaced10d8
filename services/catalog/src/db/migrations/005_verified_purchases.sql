-- Who received which product: a buyer's order of it was delivered (from OrderStatusChanged v2).
-- A review by that buyer of that product is a verified purchase.
create table catalog.verified_purchases (
  user_id uuid not null,
  product_id uuid not null,
  order_id uuid not null,
  delivered_at timestamptz not null,
  primary key (user_id, product_id)
);
-- The staff moderation list: every review, newest first.
create index reviews_created_idx on catalog.reviews (created_at desc, id);
