-- Order mails only to a proven address (decision 0042, amendment): whether the buyer's email was
-- verified when the order was placed, from the access token's emailVerified claim. Null on orders
-- placed before this column: they are mailed as before.
alter table "order".orders add column if not exists buyer_email_verified boolean;
