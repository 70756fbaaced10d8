-- Shipping names the courier and the tracking number (decision 0054); the shopper sees them on
-- the order page and in the shipped mail. Orders shipped before this have neither.
alter table "order".orders add column courier text;
alter table "order".orders add column tracking_number text;

-- Staff-only notes on an order, oldest first; the author's name as it was when written.
create table "order".order_notes (
  id uuid primary key,
  order_id uuid not null references "order".orders(id) on delete cascade,
  author_id uuid not null,
  author_name text not null,
  text text not null,
  created_at timestamptz not null default now()
);
create index order_notes_order_idx on "order".order_notes (order_id, created_at);
