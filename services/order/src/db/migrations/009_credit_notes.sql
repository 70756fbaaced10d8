-- Credit notes (decision 0048): a return received for an invoiced order gets one, numbered without
-- gaps within each April–March financial year on its own counter (CN/2026-27/000001), taken in the
-- transaction that marks the return received. Its figures are worked out from the order's stored
-- lines and the returned quantities whenever it is shown, as the invoice's are.
create table if not exists "order".credit_note_counters (
  financial_year text primary key check (financial_year ~ '^\d{4}-\d{2}$'),
  last_number integer not null check (last_number >= 0)
);

create table if not exists "order".credit_notes (
  return_id uuid primary key references "order".returns (id) on delete cascade,
  order_id uuid not null,
  number text not null unique,
  financial_year text not null,
  sequence integer not null check (sequence >= 1),
  issued_at timestamptz not null,
  seller jsonb not null,
  unique (financial_year, sequence)
);
create index if not exists credit_notes_order_idx on "order".credit_notes (order_id, issued_at);
