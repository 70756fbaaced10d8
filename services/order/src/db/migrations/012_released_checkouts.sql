-- The ids of checkouts that ended without an order (their stock released, or never held): an order
-- id is derived from the shopper and the idempotency key (decision 0077), so a retry after such an
-- ending must take the next id of the key — the catalog refuses a released reservation id, and an
-- OrderCancelled for it may still be on its way. Kept, like the catalog's tombstones, for good.
create table "order".released_checkouts (
  id uuid primary key,
  released_at timestamptz not null
);
