-- Returned units put back in stock (the order service's ReturnReceived event): one row per return,
-- product and size, inserted with the restock in one transaction, so each goes back exactly once.
create table catalog.return_restocks (
  return_id uuid not null,
  product_id uuid not null,
  -- '' for products without sizes.
  size text not null default '',
  quantity integer not null check (quantity between 1 and 100),
  restocked_at timestamptz not null default now(),
  primary key (return_id, product_id, size)
);
