-- How many products each combination of the listing filters holds, so a listing page knows its
-- exact total without counting the products table (decision 0032). One row per tag ('' = every
-- product), category, subcategory, price band, discounted and in stock; a product counts once under
-- '' and once under each of its tags.
--
-- Writes only ever append rows (+n or -n, from the triggers below), so two transactions never wait
-- for each other here; compact_product_facets() folds the rows into one per combination now and then.

-- The price bands of the listing filter (PRICE_BAND_LIMITS in proto-contracts, in paise):
-- 0 under ₹500, 1 ₹500–₹1,000, 2 above ₹1,000.
create function catalog.price_band(price integer) returns smallint
  language sql immutable strict parallel safe
  as $$ select (case when price <= 49999 then 0 when price <= 100000 then 1 else 2 end)::smallint $$;

create table catalog.product_facets (
  tag text not null,
  category_id text not null,
  subcat text,
  price_band smallint not null,
  discounted boolean not null,
  in_stock boolean not null,
  n integer not null
);
create index product_facets_tag_category_idx on catalog.product_facets (tag, category_id);

create function catalog.product_facets_inserted() returns trigger language plpgsql as $$
begin
  insert into catalog.product_facets (tag, category_id, subcat, price_band, discounted, in_stock, n)
  select t.tag, p.category_id, p.subcat, catalog.price_band(p.price), p.discount > 0, p.stock > 0, count(*)
  from new_rows p cross join lateral unnest(array[''] || p.tags) as t(tag)
  group by 1, 2, 3, 4, 5, 6;
  return null;
end $$;

create function catalog.product_facets_deleted() returns trigger language plpgsql as $$
begin
  insert into catalog.product_facets (tag, category_id, subcat, price_band, discounted, in_stock, n)
  select t.tag, p.category_id, p.subcat, catalog.price_band(p.price), p.discount > 0, p.stock > 0, -count(*)
  from old_rows p cross join lateral unnest(array[''] || p.tags) as t(tag)
  group by 1, 2, 3, 4, 5, 6;
  return null;
end $$;

-- Called only for updates that move a product to another combination (see the trigger's WHEN):
-- a sale that leaves stock above 0 costs nothing here.
create function catalog.product_facets_updated() returns trigger language plpgsql as $$
begin
  insert into catalog.product_facets (tag, category_id, subcat, price_band, discounted, in_stock, n)
  select t.tag, old.category_id, old.subcat, catalog.price_band(old.price), old.discount > 0, old.stock > 0, -1
  from unnest(array[''] || old.tags) as t(tag)
  union all
  select t.tag, new.category_id, new.subcat, catalog.price_band(new.price), new.discount > 0, new.stock > 0, 1
  from unnest(array[''] || new.tags) as t(tag);
  return null;
end $$;

create function catalog.product_facets_truncated() returns trigger language plpgsql as $$
begin
  delete from catalog.product_facets;
  return null;
end $$;

create trigger products_facets_insert after insert on catalog.products
  referencing new table as new_rows for each statement execute function catalog.product_facets_inserted();
create trigger products_facets_delete after delete on catalog.products
  referencing old table as old_rows for each statement execute function catalog.product_facets_deleted();
create trigger products_facets_update after update on catalog.products for each row
  when (
    old.category_id is distinct from new.category_id
    or old.subcat is distinct from new.subcat
    or catalog.price_band(old.price) <> catalog.price_band(new.price)
    or (old.discount > 0) <> (new.discount > 0)
    or (old.stock > 0) <> (new.stock > 0)
    or old.tags is distinct from new.tags
  )
  execute function catalog.product_facets_updated();
create trigger products_facets_truncate after truncate on catalog.products
  for each statement execute function catalog.product_facets_truncated();

-- Folds the rows into one per combination (dropping combinations that came to 0). Rows written
-- by transactions that commit meanwhile are left for the next time. One at a time: a second caller
-- returns at once.
create function catalog.compact_product_facets() returns void language plpgsql as $$
begin
  if not pg_try_advisory_xact_lock(hashtext('catalog.compact_product_facets')) then
    return;
  end if;
  with moved as (delete from catalog.product_facets returning *)
  insert into catalog.product_facets (tag, category_id, subcat, price_band, discounted, in_stock, n)
  select tag, category_id, subcat, price_band, discounted, in_stock, sum(n)
  from moved
  group by 1, 2, 3, 4, 5, 6
  having sum(n) <> 0;
end $$;

-- The products there already.
insert into catalog.product_facets (tag, category_id, subcat, price_band, discounted, in_stock, n)
select t.tag, p.category_id, p.subcat, catalog.price_band(p.price), p.discount > 0, p.stock > 0, count(*)
from catalog.products p cross join lateral unnest(array[''] || p.tags) as t(tag)
group by 1, 2, 3, 4, 5, 6;
