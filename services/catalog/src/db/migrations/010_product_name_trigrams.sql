-- Which words of a search a product's name holds ranks the products of a search (decision 0032),
-- and a search that finds more than 1,000 products walks its ranking tier by tier (decision 0040):
-- "the name holds 'formal' and 'shirt'", "… only one of them", "… none". With trigrams of the names
-- indexed, a tier that few products (or none) are in is found from the indexes, not by reading
-- every product of the search, and the planner can tell such a tier from a crowded one.
create index if not exists products_name_trgm_idx on catalog.products using gin (name public.gin_trgm_ops);
