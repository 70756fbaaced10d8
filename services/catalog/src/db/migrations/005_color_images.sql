-- Pictures per colour: { "Red": ["/media/…/detail.webp", …] }; a colour without an entry shows the
-- product's own pictures.
alter table catalog.products add column color_images jsonb not null default '{}'::jsonb;
