-- Staff hide a category without deleting it (its products stay; shoppers no longer see it listed).
alter table catalog.categories add column hidden boolean not null default false;
