-- Where a cash-on-delivery return's refund is paid (the shopper's UPI ID or bank account), given
-- with the request; shown in full only to staff refunding it (decision 0054).
alter table "order".returns add column refund_to jsonb;
