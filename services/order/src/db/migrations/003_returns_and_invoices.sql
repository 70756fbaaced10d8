-- Returns within 30 days of delivery, and GST tax invoices (decisions 0025, 0026).

create table "order".returns (
  id uuid primary key,
  order_id uuid not null references "order".orders (id) on delete cascade,
  user_id uuid not null,
  status text not null check (status in ('requested', 'approved', 'rejected', 'received', 'refunded')),
  reason text not null check (char_length(reason) between 1 and 500),
  photo text check (photo is null or char_length(photo) <= 500),
  -- What the shopper gets back: the returned items' share of what was paid for items and GST.
  refund_paise bigint not null check (refund_paise >= 0),
  refund_method text check (refund_method is null or refund_method in ('UPI', 'Bank transfer', 'Original payment method')),
  refund_reference text check (refund_reference is null or char_length(refund_reference) between 1 and 100),
  -- Set once, by the move to 'received' (the ReturnReceived event goes out with it).
  received_at timestamptz,
  refunded_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index returns_user_idx on "order".returns (user_id, created_at desc);
create index returns_order_idx on "order".returns (order_id);
create index returns_status_idx on "order".returns (status, created_at desc);

-- Which order lines a return takes back, and how many of each.
create table "order".return_items (
  return_id uuid not null references "order".returns (id) on delete cascade,
  line_no smallint not null,
  quantity integer not null check (quantity between 1 and 100),
  primary key (return_id, line_no)
);

-- The return's timeline: one row per status it reached, with staff's note.
create table "order".return_steps (
  return_id uuid not null references "order".returns (id) on delete cascade,
  status text not null,
  note text,
  at timestamptz not null default now(),
  primary key (return_id, status)
);

-- One counter row per financial year; the delivery that takes a number holds the row's lock until
-- it commits, so numbers are consecutive without gaps or duplicates (a rollback gives its number back).
create table "order".invoice_counters (
  financial_year text primary key check (financial_year ~ '^\d{4}-\d{2}$'),
  last_number integer not null check (last_number >= 0)
);

-- A delivered order's tax invoice. Kept when an order is deleted (an issued invoice stays on the books).
create table "order".invoices (
  order_id uuid primary key,
  number text not null unique,
  financial_year text not null,
  sequence integer not null check (sequence >= 1),
  issued_at timestamptz not null,
  -- The seller as configured when issued; null for invoices issued by this migration (then the current settings).
  seller jsonb,
  -- HSN codes per line, fixed the first time the invoice is rendered ({"<line_no>": "<hsn>"}).
  hsn_codes jsonb,
  unique (financial_year, sequence)
);

-- Orders delivered before invoices existed get theirs now, numbered in delivery order per financial year.
with delivered as (
  select id, delivered_at,
    case when extract(month from delivered_at at time zone 'Asia/Kolkata') >= 4
      then extract(year from delivered_at at time zone 'Asia/Kolkata')::int
      else extract(year from delivered_at at time zone 'Asia/Kolkata')::int - 1 end as fy_start
  from "order".orders where status = 'delivered' and delivered_at is not null
), numbered as (
  select id, delivered_at,
    fy_start::text || '-' || lpad(((fy_start + 1) % 100)::text, 2, '0') as fy,
    row_number() over (partition by fy_start order by delivered_at, id) as seq
  from delivered
)
insert into "order".invoices (order_id, number, financial_year, sequence, issued_at)
select id, 'SK/' || fy || '/' || lpad(seq::text, 6, '0'), fy, seq, delivered_at from numbered;
insert into "order".invoice_counters (financial_year, last_number)
select financial_year, max(sequence) from "order".invoices group by financial_year;
