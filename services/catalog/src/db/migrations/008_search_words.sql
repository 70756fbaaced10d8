-- The words products are found by (letters only, 2 or more), each once: a typo in a search is
-- corrected against these few thousand words by trigram similarity, and the products are then
-- found by full-text search for the corrected words (decision 0032) — instead of comparing the
-- typo with the search text of every product.
create table catalog.search_words (word text primary key);
create index search_words_trgm_idx on catalog.search_words using gin (word public.gin_trgm_ops);

-- The words of some search texts (space-separated, as the service writes them): split on spaces
-- first, then each distinct piece without digits on whatever is not a letter (cheap for a big
-- batch of products). Pieces with digits (codes, model numbers) are found by full-text search as typed.
create function catalog.words_of(texts text[]) returns setof text
  language sql immutable strict parallel safe
  as $$
    select distinct w
    from (select distinct piece from unnest(texts) as t(search_text) cross join lateral unnest(string_to_array(t.search_text, ' ')) as piece) pieces
    cross join lateral regexp_split_to_table(pieces.piece, '[^[:alpha:]]+') as w
    where pieces.piece !~ '[0-9]' and length(w) >= 2
  $$;

create function catalog.search_words_inserted() returns trigger language plpgsql as $$
begin
  insert into catalog.search_words (word)
  select w from catalog.words_of(array(select search_text from new_rows)) as w
  on conflict do nothing;
  return null;
end $$;

create function catalog.search_words_updated() returns trigger language plpgsql as $$
begin
  insert into catalog.search_words (word) select w from catalog.words_of(array[new.search_text]) as w on conflict do nothing;
  return null;
end $$;

create trigger products_search_words_insert after insert on catalog.products
  referencing new table as new_rows for each statement execute function catalog.search_words_inserted();
create trigger products_search_words_update after update of search_text on catalog.products for each row
  when (old.search_text is distinct from new.search_text)
  execute function catalog.search_words_updated();

insert into catalog.search_words (word)
select w from catalog.words_of(array(select search_text from catalog.products)) as w
on conflict do nothing;
