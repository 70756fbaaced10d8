-- A checkout's stock update touches no indexed value (decision 0038), so PostgreSQL writes it as a
-- heap-only (HOT) update: no new entries in the products' nine indexes (four of them GIN, two of
-- those trigram), where each sale used to re-index the product. The popularity indexes carried
-- `stock` for the in-stock filter (0032); they now carry `in_stock`, which changes only when stock
-- reaches or leaves 0, so the filtered deep pages still read the index alone. Re-runnable (a
-- database that ran it under an earlier name). Adding the stored column rewrites the table under an
-- exclusive lock: on a large catalog, run it in a quiet window.
alter table catalog.products add column if not exists in_stock boolean generated always as (stock > 0) stored;
drop index if exists catalog.products_category_popular_idx;
create index products_category_popular_idx on catalog.products (category_id, review_count desc, rating desc, created_at desc, id)
  include (subcat, price, discount, in_stock, tags);
drop index if exists catalog.products_popular_idx;
create index products_popular_idx on catalog.products (review_count desc, rating desc, created_at desc, id)
  include (category_id, subcat, price, discount, in_stock, tags);
