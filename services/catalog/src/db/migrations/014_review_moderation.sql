-- Review moderation (decision 0056): a review waits until staff approve it (unless
-- REVIEWS_NEED_APPROVAL is false); a rejection carries the reason the reviewer sees. Reviews
-- written before this were shown already: they stay approved.
alter table catalog.reviews add column status text not null default 'approved' check (status in ('pending', 'approved', 'rejected'));
alter table catalog.reviews add column rejection_reason text check (rejection_reason is null or char_length(rejection_reason) between 1 and 300);
alter table catalog.reviews add column moderated_at timestamptz;
create index reviews_moderation_idx on catalog.reviews (status, created_at desc);
