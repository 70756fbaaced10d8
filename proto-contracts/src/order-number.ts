/** Characters of the order id in its number: the same for shopper and staff (screens, mails, invoices, slips, CSV). */
export const ORDER_NUMBER_LENGTH = 6;

/**
 * The order number people see, shopper and staff alike: '#' and the last 6 characters of the id,
 * upper-cased ('#2EC101'). The one form everywhere; staff search also finds an order by a longer
 * tail of its id (numbers in older mails had 8 characters).
 */
export function orderNumberOf(orderId: string): string {
  return `#${orderId.slice(-ORDER_NUMBER_LENGTH).toUpperCase()}`;
}
