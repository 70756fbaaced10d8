-- Releasing a reservation the catalog never saw leaves a released row with no lines (a tombstone),
-- so a reservation request for that id arriving late (a checkout given up meanwhile) is refused
-- instead of holding stock no order will ever confirm (decision 0020).
alter table catalog.stock_reservations drop constraint if exists stock_reservations_lines_check;
alter table catalog.stock_reservations add constraint stock_reservations_lines_check
  check (jsonb_typeof(lines) = 'array' and jsonb_array_length(lines) <= 50);
