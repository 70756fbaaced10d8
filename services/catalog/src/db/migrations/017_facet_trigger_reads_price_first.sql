-- The facet trigger's condition runs on every update of a product, a sale's stock change included.
-- catalog.price_band is an SQL function, which PostgreSQL plans again at each call in a trigger's
-- condition (twice per sale, a third of the catalog's statements in the checkout). Compared only
-- when the price changed, the condition is the same and a sale no longer calls it.
drop trigger products_facets_update on catalog.products;
create trigger products_facets_update after update on catalog.products for each row
  when (
    old.category_id is distinct from new.category_id
    or old.subcat is distinct from new.subcat
    or (old.price <> new.price and catalog.price_band(old.price) <> catalog.price_band(new.price))
    or (old.discount > 0) <> (new.discount > 0)
    or (old.stock > 0) <> (new.stock > 0)
    or old.tags is distinct from new.tags
  )
  execute function catalog.product_facets_updated();
