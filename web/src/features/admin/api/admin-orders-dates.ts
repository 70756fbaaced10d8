/**
 * Orders are filed by the shop's calendar day in Asia/Kolkata, whatever the time zone
 * of the browser: an order at 00:30 IST belongs to that IST date, and "today" is India's today.
 */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

// en-CA writes dates as YYYY-MM-DD, the format of <input type="date"> and of ordersByDate.
const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const shortDay = new Intl.DateTimeFormat('en-US', { timeZone: SHOP_TIME_ZONE, month: 'short', day: 'numeric', year: 'numeric' });
const clockTime = new Intl.DateTimeFormat('en-IN', { timeZone: SHOP_TIME_ZONE, hour: 'numeric', minute: '2-digit', hour12: true });
// A calendar day on its own (no time zone to apply): noon UTC of that day.
const calendarDay = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

/** Today in India as YYYY-MM-DD. */
export function shopToday(now: Date = new Date()): string {
  return isoDay.format(now);
}

/** Whether `value` is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A YYYY-MM-DD day as the spec shows dates ('Nov 21, 2026'). */
export function formatCalendarDay(day: string): string {
  return isCalendarDay(day) ? calendarDay.format(new Date(`${day}T12:00:00Z`)) : day;
}

function parseInstant(value: string): Date | null {
  const date = /^\d+$/.test(value) ? new Date(Number(value)) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** When an order was placed, in India: { date: 'Nov 21, 2026', time: '3:45 pm' } (empty when unreadable). */
export function shopDateTime(value: string): { date: string; time: string } {
  const date = parseInstant(value);
  return date ? { date: shortDay.format(date), time: clockTime.format(date) } : { date: '', time: '' };
}
