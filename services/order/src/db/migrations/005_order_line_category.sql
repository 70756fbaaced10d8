-- The top-level category each line was sold in, as the catalog named it when the stock was
-- reserved (decision 0027): the staff dashboard's sales by category read the order's own copy.
-- Lines of orders placed before this have none (shown as "Not recorded").
alter table "order".order_items add column category_id text;
alter table "order".order_items add column category_name text;
