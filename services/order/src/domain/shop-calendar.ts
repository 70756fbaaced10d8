/**
 * Calendar days of the shop (orders by date use Asia/Kolkata days: the day staff and shoppers in India mean). India keeps
 * UTC+05:30 all year (no daylight saving since 1945), so a fixed offset is exact.
 */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instants a YYYY-MM-DD Asia/Kolkata day covers: from 00:00 IST (inclusive) to the next 00:00 IST (exclusive). */
export function istDayBounds(date: string): { from: Date; to: Date } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  const start = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) - IST_OFFSET_MS;
  return { from: new Date(start), to: new Date(start + DAY_MS) };
}

/** The Asia/Kolkata calendar date (YYYY-MM-DD) of an instant. */
export function istDateOf(instant: Date): string {
  return new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * Days the warehouse neither dispatches nor the couriers deliver (decision 0068): every Sunday and
 * the national holidays below (Republic Day, Independence Day, Gandhi Jayanti, Diwali, Christmas).
 * Dates on the shop's calendar, YYYY-MM-DD; add next year's before it starts.
 */
export const SHOP_HOLIDAYS: ReadonlySet<string> = new Set([
  '2026-01-26',
  '2026-08-15',
  '2026-10-02',
  '2026-11-08',
  '2026-12-25',
  '2027-01-26',
  '2027-08-15',
  '2027-10-02',
  '2027-10-29',
  '2027-12-25',
]);

/** Orders placed before this hour (IST) on a working day leave the warehouse the same day. */
export const DISPATCH_CUTOFF_HOUR_IST = 14;

/** The calendar day after a YYYY-MM-DD day. */
export function nextDay(date: string): string {
  return istDateOf(new Date(istDayBounds(date).to.getTime() + DAY_MS / 2));
}

/** Whether parcels leave and arrive on this day: not a Sunday, not a holiday. */
export function isWorkingDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && !SHOP_HOLIDAYS.has(date);
}

/** The day an order placed at `now` leaves the warehouse: today before the cut-off on a working day, else the next working day. */
export function dispatchDayOf(now: Date): string {
  const today = istDateOf(now);
  const hourIst = new Date(now.getTime() + IST_OFFSET_MS).getUTCHours();
  let day = isWorkingDay(today) && hourIst < DISPATCH_CUTOFF_HOUR_IST ? today : nextDay(today);
  while (!isWorkingDay(day)) day = nextDay(day);
  return day;
}

/** The day `workingDays` working days after `from` (Sundays and holidays are not counted). */
export function addWorkingDays(from: string, workingDays: number): string {
  let day = from;
  for (let left = workingDays; left > 0; ) {
    day = nextDay(day);
    if (isWorkingDay(day)) left--;
  }
  return day;
}
