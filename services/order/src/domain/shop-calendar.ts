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
