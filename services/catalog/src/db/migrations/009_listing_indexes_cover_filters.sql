-- The popularity indexes carry the listing filters' columns, so finding a page's ids (decision
-- 0032) reads the index alone also when the listing is filtered by subcategory, price, discount,
-- stock or tag: a deep filtered page skips index entries, not table rows.
drop index catalog.products_category_popular_idx;
create index products_category_popular_idx on catalog.products (category_id, review_count desc, rating desc, created_at desc, id)
  include (subcat, price, discount, stock, tags);
drop index catalog.products_popular_idx;
create index products_popular_idx on catalog.products (review_count desc, rating desc, created_at desc, id)
  include (category_id, subcat, price, discount, stock, tags);
