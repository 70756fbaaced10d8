/**
 * The order service's limits, payment statuses and texts, and the phone and PIN readings: plain
 * data without zod, so the web's checkout imports them (through web.ts) and gives the same message
 * as the server for the same mistake. order.ts builds the request schemas on them.
 */
import { MAX_MONEY_PAISE } from './money';

/** Payment statuses as the spec shows them ('Pending' for a new cash-on-delivery order). */
export const PAYMENT_STATUSES = ['Pending', 'Paid', 'Refunded', 'Cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type PaymentMethod = 'COD' | 'ONLINE';

export const MAX_ORDER_LINES = 50;
/** Orders by date: page size. */
export const ORDERS_PER_PAGE = 10;
/** The shop's time zone: "orders of a day" are Asia/Kolkata calendar days. */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';
/** Smallest amount the payment test provider accepts, in paise (₹1). */
export const MIN_PAYMENT_PAISE = 100;
/** Largest, in paise (₹10,00,000, the most money a request may name). */
export const MAX_PAYMENT_PAISE = MAX_MONEY_PAISE;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
export const MAX_ORDER_SEARCH_LENGTH = 100;

export const orderMessages = {
  shippingInfoRequired: 'Please provide the shipping information',
  addressRequired: 'Please enter the shipping address',
  cityRequired: 'Please enter the city',
  stateRequired: 'Please enter the state',
  countryRequired: 'Please enter the country',
  pinRequired: 'Please enter the PIN code',
  pinInvalid: 'PIN code must be 6 digits and cannot start with 0',
  phoneRequired: 'Please enter a phone number',
  phoneInvalid: 'Please enter a valid 10-digit mobile number',
  fieldTooLong: (field: string, max: number) => `${field} must be at most ${max} characters long`,
  itemsRequired: 'Your order has no items',
  tooManyItems: `An order can hold at most ${MAX_ORDER_LINES} different items`,
  quantityTooLarge: 'You can order at most 100 units of one item',
  selectAddressAndPhone: 'Please select a shipping address and phone number.',
  invalidOrderId: 'Invalid order ID',
  orderNotFound: 'Order not found',
  unknownStatus: (status: string) => `Unknown order status: ${status}`,
  statusRequired: 'Please choose a status',
  cannotChangeStatus: (from: string, to: string) => `Cannot change order status from ${from} to ${to}`,
  cannotCancel: (status: string) => `A ${status} order can no longer be cancelled`,
  onlyInStock: (stock: number, name: string, size?: string | null) =>
    `Only ${stock} items available in stock for ${name}${size ? ` (size ${size})` : ''}`,
  invalidDate: 'Please give the date as YYYY-MM-DD',
  pageInvalid: 'page must be a whole number, 1 or more',
  limitInvalid: 'limit (or pageSize) must be a whole number from 1 to 100',
  searchInvalid: `Search text must be at most ${MAX_ORDER_SEARCH_LENGTH} characters`,
  dateRangeInvalid: 'The start date must not be after the end date',
  paymentFilterInvalid: 'payment must be one of Pending, Paid, Refunded, Cancelled',
  idempotencyKeyInvalid: `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible characters`,
  catalogUnavailable: 'Orders cannot be placed right now. Please try again in a moment.',
  orderPlaced: 'Order placed successfully!',
  orderCancelled: 'Order cancelled',
  orderUpdated: 'Order status updated',
  orderDeleted: 'Order deleted successfully',
  // Decision 0103: what was shipped or invoiced is in the books; staff archive it instead.
  cannotDeleteShipped: 'This order was shipped or invoiced, so it stays in the books and cannot be deleted. Archive it instead.',
  archiveOnlyAdmin: 'Only an admin can archive or unarchive an order',
  orderArchived: 'Order archived',
  orderUnarchived: 'Order unarchived',
  archiveOrStatus: 'Send either a status or archived (true or false), not both',
  archivedInvalid: 'archived must be true or false',
  archivedFilterInvalid: 'archived must be one of exclude, include, only',
  amountInvalid: `Amount must be a whole number of paise from ${MIN_PAYMENT_PAISE} to ${MAX_PAYMENT_PAISE}`,
  currencyInvalid: 'Only INR payments are supported',
  paymentFieldsRequired: 'orderId, paymentId and signature are required',
  paymentVerified: 'Payment successful!',
  paymentVerificationFailed: 'Payment verification failed!',
  paymentOrderNotFound: 'Payment order not found',
  // Fallbacks when the server gives no message.
  createFailed: 'Order Creating Failed',
  fetchFailed: 'Failed to fetch orders',
} as const;

/**
 * An Indian mobile number as the checkout sends it: non-digits are stripped, then a leading
 * +91/91 (12 digits) or 0 (11 digits) is dropped; what remains must be 10 digits starting 6–9.
 * Answers the 10 digits, or undefined when it is not such a number.
 */
export function normalizeShippingPhone(value: string): string | undefined {
  let digits = value.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? digits : undefined;
}

/** A PIN code as typed ('110 001', 110001): non-digits stripped, 6 digits not starting 0, as a number. */
export function normalizePinCode(value: string | number): number | undefined {
  const digits = String(value).replace(/\D/g, '');
  return /^[1-9]\d{5}$/.test(digits) ? Number(digits) : undefined;
}
