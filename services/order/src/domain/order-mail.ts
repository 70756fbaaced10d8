import { courierOf, deliveryByLabelAt, orderNumberOf, SHOP_TIME_ZONE, trackingUrlOf, type OrderStatus } from '@shop/proto-contracts';
import type { Mail } from '@shop/platform';
import type { Order } from './order.model';
import { estimatedDeliveryOf } from './order-status.machine';
import { returnableUntil } from './return-status.machine';

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
/** Money in paise as shoppers read it: ₹1,23,456.50. */
export const formatInr = (paise: number) => inr.format(paise / 100);

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: SHOP_TIME_ZONE });
/** A date as the shop shows it ('Jan 5, 2025'), on the Asia/Kolkata calendar. */
export const formatDate = (d: Date) => dateFormat.format(d);

function itemLines(o: Order): string[] {
  return o.items.map((i) => {
    const options = [i.size && `size ${i.size}`, i.color].filter(Boolean).join(', ');
    return `  • ${i.name}${options ? ` (${options})` : ''} × ${i.quantity} — ${formatInr(i.pricePaise * i.quantity)}`;
  });
}

function summaryLines(o: Order): string[] {
  const lines = [`  Subtotal: ${formatInr(o.itemsPaise)}`];
  if (o.discountPaise > 0) lines.push(`  First-order discount (10%): −${formatInr(o.discountPaise)}`);
  if (o.couponDiscountPaise > 0) lines.push(`  Coupon ${o.couponCode}: −${formatInr(o.couponDiscountPaise)}`);
  if (!o.pricesIncludeGst) {
    // Orders from before decision 0045: GST was added on top.
    lines.push(`  Shipping: ${formatInr(o.shippingPaise)}`, `  GST (18%): ${formatInr(o.taxPaise)}`, `  Total: ${formatInr(o.totalPaise)}`);
  } else {
    lines.push(`  Shipping: ${formatInr(o.shippingPaise)}`);
    if (o.roundOffPaise !== 0) lines.push(`  Round off: ${o.roundOffPaise < 0 ? '-' : ''}${formatInr(Math.abs(o.roundOffPaise))}`);
    lines.push(`  Total: ${formatInr(o.totalPaise)} (inclusive of all taxes; GST included ${formatInr(o.taxPaise)})`);
  }
  return lines;
}

/** The order's delivery day as every page and mail says it: 'Delivery by Sat, 28 Nov' (decision 0068). */
export const deliveryLineOf = (o: Order) => deliveryByLabelAt(estimatedDeliveryOf(o));

const greeting = (name: string) => `Hello ${name.trim() || 'there'},`;
const signOff = ['', 'Thank you for shopping with ShopKart.', '— The ShopKart team'];

/** The confirmation mail after an order is placed. */
export function orderPlacedMail(o: Order, to: { email: string; name: string }, publicUrl: string): Mail {
  const number = orderNumberOf(o.id);
  const payment = o.paymentMethod === 'COD' ? 'Cash on delivery: please keep the total ready when the parcel arrives.' : `Payment: ${o.paymentStatus}`;
  const text = [
    greeting(to.name),
    '',
    `Thank you for your order! We have received order ${number}, placed on ${formatDate(o.createdAt)}.`,
    '',
    'Items:',
    ...itemLines(o),
    '',
    ...summaryLines(o),
    '',
    payment,
    `Shipping to: ${o.shipAddress}, ${o.shipCity}, ${o.shipState} ${o.shipPinCode}, ${o.shipCountry} (phone ${o.shipPhone})`,
    `${deliveryLineOf(o)}.`,
    '',
    `Track your order: ${publicUrl.replace(/\/+$/, '')}/orders/${o.id}`,
    ...signOff,
  ].join('\n');
  return { to: to.email, subject: `ShopKart: your order ${number} is confirmed`, text };
}

/** The courier and tracking number of a shipped order, with the courier's tracking page. */
function shipmentLines(o: Order): string[] {
  if (!o.courier || !o.trackingNumber) return [];
  const url = trackingUrlOf(o.courier, o.trackingNumber);
  return [`Courier: ${courierOf(o.courier)?.name ?? o.courier}, tracking number ${o.trackingNumber}`, ...(url ? [`Track the parcel: ${url}`] : [])];
}

const statusNews: Partial<Record<OrderStatus, (number: string, o: Order) => { subject: string; line: string }>> = {
  processing: (n) => ({ subject: `ShopKart: your order ${n} is being prepared`, line: `Your order ${n} is confirmed and being prepared for shipping.` }),
  shipped: (n, o) => ({
    subject: `ShopKart: your order ${n} has shipped`,
    line: [`Good news: your order ${n} is on its way. ${deliveryLineOf(o)}.`, ...shipmentLines(o)].join('\n'),
  }),
  delivered: (n, o) => ({
    subject: `ShopKart: your order ${n} was delivered`,
    line: [
      `Your order ${n} was delivered. We hope you enjoy it!`,
      `Your GST tax invoice is ready to download on the order page, and you can return items free of charge until ${formatDate(returnableUntil(o) ?? o.updatedAt)}.`,
    ].join('\n'),
  }),
  cancelled: (n) => ({
    subject: `ShopKart: your order ${n} was cancelled`,
    line: `Your order ${n} was cancelled. Nothing is due for it; if you paid online, the amount is refunded to the original payment method.`,
  }),
};

/** The mail telling the buyer their order moved to `status` (none for a status without news). */
export function orderStatusMail(o: Order, status: OrderStatus, to: { email: string; name: string }, publicUrl: string): Mail | undefined {
  const news = statusNews[status]?.(orderNumberOf(o.id), o);
  if (!news) return undefined;
  const text = [
    greeting(to.name),
    '',
    news.line,
    '',
    'Items:',
    ...itemLines(o),
    '',
    `  Total: ${formatInr(o.totalPaise)}`,
    '',
    `Your order: ${publicUrl.replace(/\/+$/, '')}/orders/${o.id}`,
    ...signOff,
  ].join('\n');
  return { to: to.email, subject: news.subject, text };
}

/**
 * Whether the order's mails go to its buyer (decision 0042, amendment): only when the buyer's
 * address was proven when the order was placed. An unverified account gets no order mail — the
 * order page has everything — so no text a caller chose (the account name, the shipping address)
 * reaches an address the caller never proved. Orders from before the rule (null) are mailed as before.
 */
export function mailsToBuyer(o: Pick<Order, 'buyerEmailVerified'>): boolean {
  return o.buyerEmailVerified !== false;
}
