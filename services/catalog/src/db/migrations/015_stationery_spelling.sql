-- The category was shown as "Stationary" (standing still); it sells stationery. Only the name shown
-- changes: the slug 'stationary' stays, so links, filters (?category=stationary) and the position
-- index keep working. A category staff have renamed already is left as it is.
update catalog.categories set name = 'Stationery', updated_at = now()
  where slug = 'stationary' and name = 'Stationary';

-- Each product's search text carries its category's name (written by the service): those of this
-- category now say "stationery", so the right spelling is searched as typed.
update catalog.products set search_text = regexp_replace(search_text, '\mstationary\M', 'stationery', 'g')
  where category_id = (select id from catalog.categories where slug = 'stationary')
    and search_text ~ '\mstationary\M';
