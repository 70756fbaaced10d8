-- Delivery zones by PIN prefix (decision 0068): staff edit them; the longest prefix matching a PIN
-- code says whether the shop delivers there, in how many working days and whether cash on delivery
-- is taken. The demo defaults: metro prefixes fast, the north-east, Jammu & Kashmir and the islands
-- slower, Army Post Office PINs not served.
create table if not exists "order".delivery_zones (
  pin_prefix text primary key check (pin_prefix ~ '^[1-9][0-9]{0,2}$'),
  label text not null check (length(label) between 1 and 80),
  serviceable boolean not null,
  cod_available boolean not null,
  delivery_days smallint not null check (delivery_days between 1 and 30),
  updated_at timestamptz not null default now()
);

-- An order placed from now on stores the day it was promised in estimated_delivery (00:00 of that
-- day in Asia/Kolkata), so its page and both of its mails show that same day.

insert into "order".delivery_zones (pin_prefix, label, serviceable, cod_available, delivery_days) values
  ('1', 'North India', true, true, 4),
  ('11', 'Delhi', true, true, 2),
  ('122', 'Gurugram', true, true, 2),
  ('18', 'Jammu & Kashmir', true, true, 7),
  ('19', 'Kashmir valley & Ladakh', true, false, 8),
  ('2', 'Uttar Pradesh & Uttarakhand', true, true, 4),
  ('201', 'Noida & Ghaziabad', true, true, 2),
  ('3', 'Rajasthan & Gujarat', true, true, 4),
  ('380', 'Ahmedabad', true, true, 2),
  ('4', 'Maharashtra, Goa, MP & Chhattisgarh', true, true, 4),
  ('400', 'Mumbai', true, true, 2),
  ('411', 'Pune', true, true, 2),
  ('5', 'Andhra Pradesh, Telangana & Karnataka', true, true, 4),
  ('500', 'Hyderabad', true, true, 2),
  ('560', 'Bengaluru', true, true, 2),
  ('6', 'Tamil Nadu & Kerala', true, true, 4),
  ('600', 'Chennai', true, true, 2),
  ('7', 'West Bengal & Odisha', true, true, 4),
  ('700', 'Kolkata', true, true, 2),
  ('744', 'Andaman & Nicobar Islands', true, false, 10),
  ('78', 'Assam', true, true, 6),
  ('79', 'North-east states', true, false, 8),
  ('8', 'Bihar & Jharkhand', true, true, 4),
  ('9', 'Army & field post offices', false, false, 10)
on conflict (pin_prefix) do nothing;
