/**
 * The years the shop's calendar covers (decision 0098): every date, month and moment a client may
 * send is refused with a 400 outside them. 2000 is before any order the shop can hold (GST itself
 * began in 2017); 2099 keeps every sum the services do on a day (the next day, the next month, the
 * end of a coupon's last day, the financial year 2099-00) inside four-digit years, where
 * YYYY-MM-DD text, JavaScript dates and PostgreSQL timestamps all agree.
 */
export const SHOP_FIRST_YEAR = 2000;
export const SHOP_LAST_YEAR = 2099;

const inYears = (year: number) => year >= SHOP_FIRST_YEAR && year <= SHOP_LAST_YEAR;

/** A real calendar date written YYYY-MM-DD, in the shop's years. */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return inYears(y) && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A month written YYYY-MM (01–12), in the shop's years. */
export function isCalendarMonth(value: string): boolean {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value);
  return m !== null && inYears(Number(m[1]));
}

/** Whether a moment falls in the shop's years (read in UTC; a day either side of a year's edge is still inside). */
export function isInShopYears(at: Date): boolean {
  return !Number.isNaN(at.getTime()) && inYears(at.getUTCFullYear());
}
