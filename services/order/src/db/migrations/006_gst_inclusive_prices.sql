-- Prices include GST (decision 0045). Orders placed from now on record that their prices include
-- GST, the cash round off, whether the supply was within the seller's state (CGST + SGST) or not
-- (IGST), shipping's rate and tax, and per line its HSN code, rate, share of the discounts, taxable
-- value and tax, as priced at checkout: an order keeps the rates it was placed with. Orders placed
-- before keep their stored figures (GST added on top at 18%) and are read and invoiced as before.
alter table "order".orders add column if not exists prices_include_gst boolean not null default false;
alter table "order".orders add column if not exists round_off_paise bigint not null default 0;
alter table "order".orders add column if not exists intra_state boolean;
alter table "order".orders add column if not exists shipping_gst_rate_bp integer;
alter table "order".orders add column if not exists shipping_tax_paise bigint;
alter table "order".order_items add column if not exists hsn_code text;
alter table "order".order_items add column if not exists gst_rate_bp integer;
alter table "order".order_items add column if not exists discount_paise bigint;
alter table "order".order_items add column if not exists taxable_paise bigint;
alter table "order".order_items add column if not exists tax_paise bigint;
-- The total still adds up in the database: older orders added their GST, newer ones contain it
-- and add the round off (at most half a rupee either way).
alter table "order".orders drop constraint orders_total_is_sum;
alter table "order".orders add constraint orders_total_is_sum check (
  case when prices_include_gst
    then total_paise = items_paise - discount_paise - coupon_discount_paise + shipping_paise + round_off_paise and round_off_paise between -50 and 50
    else total_paise = items_paise - discount_paise - coupon_discount_paise + tax_paise + shipping_paise and round_off_paise = 0
  end);
