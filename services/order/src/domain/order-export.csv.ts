import { orderNumberOf, paiseToRupees } from '@shop/proto-contracts';
import type { Order } from './order.model';

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** 'YYYY-MM-DD HH:MM' in India time: what a spreadsheet shows and sorts without a time-zone guess. */
function istStamp(d: Date | null): string {
  return d ? new Date(d.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ') : '';
}

/**
 * One CSV cell (RFC 4180 quoting). Text a spreadsheet would run as a formula (=, +, -, @, tab, CR
 * at the start) is prefixed with an apostrophe: buyer-typed addresses end up in staff spreadsheets.
 */
function cell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The found orders as CSV for staff: number, placing time (IST), status, payment, the delivery
 * name, address and phone, the items and the money. The buyer's account email is a column only
 * for an admin (`withEmail`); an emp works from the order's delivery details.
 */
export function ordersToCsv(list: Order[], opts: { withEmail: boolean }): string {
  const head = [
    'Order number',
    'Order id',
    'Placed (IST)',
    'Status',
    'Payment',
    'Payment status',
    'Name',
    ...(opts.withEmail ? ['Email'] : []),
    'Phone',
    'Address',
    'City',
    'State',
    'PIN code',
    'Items',
    'Items total (INR)',
    'Discount (INR)',
    'Coupon',
    'Coupon discount (INR)',
    'Tax (INR)',
    'Shipping (INR)',
    'Total (INR)',
  ];
  const rows = list.map((o) => [
    orderNumberOf(o.id),
    o.id,
    istStamp(o.createdAt),
    o.status,
    o.paymentMethod,
    o.paymentStatus,
    o.userName,
    ...(opts.withEmail ? [o.userEmail] : []),
    o.shipPhone,
    o.shipAddress,
    o.shipCity,
    o.shipState,
    o.shipPinCode,
    o.items.map((i) => `${i.quantity} x ${i.name}${i.size ? ` (${i.size})` : ''}${i.color ? ` [${i.color}]` : ''}`).join('; '),
    paiseToRupees(o.itemsPaise).toFixed(2),
    paiseToRupees(o.discountPaise).toFixed(2),
    o.couponCode ?? '',
    paiseToRupees(o.couponDiscountPaise).toFixed(2),
    paiseToRupees(o.taxPaise).toFixed(2),
    paiseToRupees(o.shippingPaise).toFixed(2),
    paiseToRupees(o.totalPaise).toFixed(2),
  ]);
  return [head, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
