-- Decision 0103: an order that was shipped or invoiced is never deleted; staff archive it. An
-- archived order is hidden from the staff's default order lists and kept everywhere else (the
-- buyer's account, invoices, credit notes, the GST summary, exports). Null: not archived.
alter table "order".orders add column archived_at timestamptz;
create index orders_not_archived_created_idx on "order".orders (created_at desc) where archived_at is null;
