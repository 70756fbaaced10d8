-- The address book (decision 0065): every saved address gets a stable id, so it can be edited,
-- deleted or made the default (the first in the list). Addresses saved before keep their PIN,
-- text, city, state and country as they were; only the id is added, and only where missing, so
-- running this again changes nothing.
update auth.users u
set addresses = (
  select coalesce(
    jsonb_agg(case when e.a ? 'id' then e.a else e.a || jsonb_build_object('id', gen_random_uuid()::text) end order by e.ord),
    '[]'::jsonb
  )
  from jsonb_array_elements(u.addresses) with ordinality as e(a, ord)
)
where exists (select 1 from jsonb_array_elements(u.addresses) as x(a) where not x.a ? 'id');
