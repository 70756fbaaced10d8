-- The card picture of each colour that has its own pictures in the catalog: a line shows the
-- picture of the colour the shopper chose.
alter table cart.product_snapshots add column color_thumbnails jsonb not null default '{}'::jsonb;
