import { orderNumberOf } from '@shop/proto-contracts/web';

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const count = new Intl.NumberFormat('en-IN');

/** Rupees as the shop shows them, e.g. ₹1,299.00. The only place money is formatted. */
export function formatINR(rupees: number): string {
  return inr.format(rupees);
}

/** Counts with Indian digit grouping, e.g. 1,20,000. */
export function formatCount(value: number): string {
  return count.format(value);
}

/** Dates as the spec shows them, e.g. 'Jan 5, 2025'. Accepts ISO strings and epoch milliseconds. */
export function formatDate(value: string | number | Date): string {
  const date =
    typeof value === 'string' && /^\d+$/.test(value) ? new Date(Number(value)) : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : shortDate.format(date);
}

/** Up to two initials for an avatar placeholder, e.g. 'Asha Rao' → 'AR'. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => part.charAt(0).toUpperCase()).join('') || '?';
}

/** An order's number as shoppers and staff both see it ('#2EC101'): the contracts' one helper. */
export function formatOrderNumber(orderId: string): string {
  return orderNumberOf(orderId);
}
