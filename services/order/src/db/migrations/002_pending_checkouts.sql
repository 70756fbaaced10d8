-- A checkout between "stock reserved in the catalog" and "order written" (decision 0020): written
-- before the catalog is asked, deleted in the transaction that writes the order (or once the
-- reservation is known released). A row older than the reservation timeout belongs to a checkout
-- that died: the recovery gives its stock back through OrderCancelled.
create table "order".pending_checkouts (
  id uuid primary key,
  user_id uuid not null,
  started_at timestamptz not null
);
create index pending_checkouts_started_idx on "order".pending_checkouts (started_at);
