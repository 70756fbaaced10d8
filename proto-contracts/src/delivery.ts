/**
 * Delivery by PIN code (decision 0068): zones keyed by a PIN prefix (the longest matching prefix
 * wins) say whether the shop delivers there, in how many working days, and whether cash on
 * delivery is taken. The order service owns the zones and the promise; the web shows the same
 * texts and dates. Notify me (decision 0069) lives beside it: its messages are here too. Free of
 * zod, so the web imports it; the request schemas are in delivery.schema.ts.
 */

/** A zone's prefix: the first 1 to 3 digits of a PIN code (a PIN never starts with 0). */
export const PIN_PREFIX_PATTERN = /^[1-9]\d{0,2}$/;
export const MIN_DELIVERY_DAYS = 1;
export const MAX_DELIVERY_DAYS = 30;
export const MAX_ZONE_LABEL_LENGTH = 80;
/** The web's key for the PIN the shopper last checked (product page, cart, checkout). */
export const DELIVERY_PIN_STORAGE_KEY = 'deliveryPin';

export const deliveryMessages = {
  pinRequired: 'Please enter a PIN code',
  pinInvalid: 'PIN code must be 6 digits and cannot start with 0',
  pinUnknown: (pin: string) => `PIN code ${pin} does not exist. Please check it.`,
  notServiceable: (pin: string) => `Sorry, we do not deliver to PIN code ${pin} yet.`,
  codUnavailable: (pin: string) => `Cash on delivery is not available for PIN code ${pin}.`,
  prefixInvalid: 'PIN prefix must be 1 to 3 digits and cannot start with 0',
  daysInvalid: `Delivery days must be a whole number from ${MIN_DELIVERY_DAYS} to ${MAX_DELIVERY_DAYS}`,
  labelInvalid: `Zone name must be 1 to ${MAX_ZONE_LABEL_LENGTH} characters`,
  flagInvalid: (field: string) => `${field} must be true or false`,
  zoneExists: 'A delivery zone for this PIN prefix exists already',
  zoneNotFound: 'Delivery zone not found',
  zoneCreated: 'Delivery zone added',
  zoneUpdated: 'Delivery zone saved',
  zoneDeleted: 'Delivery zone deleted',
} as const;

/** A PIN as typed ('110 001'): spaces dropped; answers the 6 digits, or undefined when malformed. */
export function normalizeDeliveryPin(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).replace(/\s+/g, '');
  return /^[1-9]\d{5}$/.test(text) ? text : undefined;
}

const dayLabel = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * A delivery date (YYYY-MM-DD, a shop calendar day) as every page and mail shows it: 'Sat, 28 Nov'.
 * One function, so the product page, checkout, the order page and both mails read the same.
 */
export function deliveryDayLabel(date: string): string {
  // Every order and product page of a day names the same few days: each is formatted once
  // (formatToParts cost about a tenth of a millisecond of every checkout). Bounded, as dates are inputs.
  let label = dayLabels.get(date);
  if (label === undefined) {
    const parts = dayLabel.formatToParts(new Date(`${date}T00:00:00Z`));
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    label = `${part('weekday')}, ${part('day')} ${part('month')}`;
    if (dayLabels.size >= 400) dayLabels.clear();
    dayLabels.set(date, label);
  }
  return label;
}

const dayLabels = new Map<string, string>();

/** The sentence of a promise: 'Delivery by Sat, 28 Nov'. */
export const deliveryByLabel = (date: string) => `Delivery by ${deliveryDayLabel(date)}`;

/** India keeps UTC+05:30 all year. */
const IST_OFFSET_MS = 330 * 60_000;

/**
 * The sentence for an order's estimatedDelivery (an instant; a promised day is stored as its
 * 00:00 in Asia/Kolkata): its shop calendar day, 'Delivery by Sat, 28 Nov'. The order page and
 * both order mails say it with this function.
 */
export function deliveryByLabelAt(instant: Date | string): string {
  const t = new Date(instant).getTime();
  return deliveryByLabel(new Date(t + IST_OFFSET_MS).toISOString().slice(0, 10));
}

export const notifyMessages = {
  loginRequired: 'Please log in to be told when this product is back in stock',
  emailNotVerified: 'Please verify your email address first: we only write to an address you have confirmed',
  inStock: 'This product is in stock: you can order it now',
  subscribed: "We will email you once when it is back in stock",
  cancelled: 'You will not be notified about this product',
  productNotFound: 'Product not found',
} as const;
