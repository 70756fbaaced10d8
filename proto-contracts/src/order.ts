import { z } from 'zod';
import { MAX_ADMIN_PAGE_SIZE, withPageSizeAsLimit } from './paging';
import { cartMessages, cartQuantitySchema, MAX_PROPERTY_LENGTH } from './cart';
import { couponCodeSchema, couponMessages, optionalCouponCodeSchema } from './coupons';
import { ORDER_STATUSES, type OrderStatus } from './order-status';
import { isCalendarDate, isCalendarMonth, SHOP_FIRST_YEAR, SHOP_LAST_YEAR } from './shop-calendar';

import { MAX_ORDER_LINES, MAX_ORDER_SEARCH_LENGTH, MAX_PAYMENT_PAISE, MIN_PAYMENT_PAISE, PAYMENT_STATUSES, normalizePinCode, normalizeShippingPhone, orderMessages } from './order-rules';
export * from './order-rules';
export * from './shop-calendar';

/**
 * The order service's request schemas, limits and texts, shared
 * with the web so the checkout form and the server give the same message for the same mistake.
 * Prices, taxes and totals are never read from a request: the server prices every order.
 */



/** A required text field: trimmed, not blank, at most `max` characters. */
const requiredText = (label: string, missing: string, max: number) =>
  z.unknown().transform((v, ctx) => {
    if (typeof v === 'number' && Number.isFinite(v)) v = String(v);
    if (typeof v !== 'string' || v.trim() === '') {
      ctx.issues.push({ code: 'custom', message: missing, input: v });
      return z.NEVER;
    }
    const text = v.trim().replace(/\s+/g, ' ');
    if (text.length > max) {
      ctx.issues.push({ code: 'custom', message: orderMessages.fieldTooLong(label, max), input: v });
      return z.NEVER;
    }
    return text;
  });

/** The spec's shipping info: every field required and trimmed; phone and PIN normalised. */
export const shippingInfoSchema = z.object(
  {
    address: requiredText('Address', orderMessages.addressRequired, 300),
    city: requiredText('City', orderMessages.cityRequired, 80),
    state: requiredText('State', orderMessages.stateRequired, 80),
    country: requiredText('Country', orderMessages.countryRequired, 80),
    pinCode: z.unknown().transform((v, ctx) => {
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
        ctx.issues.push({ code: 'custom', message: orderMessages.pinRequired, input: v });
        return z.NEVER;
      }
      const pin = typeof v === 'string' || typeof v === 'number' ? normalizePinCode(v) : undefined;
      if (pin === undefined) {
        ctx.issues.push({ code: 'custom', message: orderMessages.pinInvalid, input: v });
        return z.NEVER;
      }
      return pin;
    }),
    phoneNo: z.unknown().transform((v, ctx) => {
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
        ctx.issues.push({ code: 'custom', message: orderMessages.phoneRequired, input: v });
        return z.NEVER;
      }
      const phone = typeof v === 'string' || typeof v === 'number' ? normalizeShippingPhone(String(v)) : undefined;
      if (!phone) {
        ctx.issues.push({ code: 'custom', message: orderMessages.phoneInvalid, input: v });
        return z.NEVER;
      }
      return phone;
    }),
  },
  { error: orderMessages.shippingInfoRequired },
);
export type ShippingInfo = z.output<typeof shippingInfoSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isOrderId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** A size or colour; blank or null means "not chosen". */
const choice = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  z.string({ error: cartMessages.propertyInvalid }).trim().max(MAX_PROPERTY_LENGTH, { error: cartMessages.propertyInvalid }).optional(),
);

/**
 * One ordered item, in any of the namings clients use: `productId`, the spec's `product`, or the
 * cart item's `id`; size and colour plain or under `properties`. Anything else (name, price) is dropped.
 */
const orderItemSchema = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    const o = v as Record<string, unknown>;
    const props = (o.properties && typeof o.properties === 'object' ? o.properties : {}) as Record<string, unknown>;
    const product = o.productId ?? o.product ?? o.id;
    return {
      productId: product && typeof product === 'object' ? ((product as Record<string, unknown>)._id ?? (product as Record<string, unknown>).id) : product,
      quantity: o.quantity,
      size: o.size ?? props.size,
      color: o.color ?? props.color,
    };
  },
  z.object(
    {
      productId: z.unknown().transform((v, ctx) => {
        if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
          ctx.issues.push({ code: 'custom', message: cartMessages.productInfoUnavailable, input: v });
          return z.NEVER;
        }
        if (typeof v !== 'string' || !UUID.test(v.trim())) {
          ctx.issues.push({ code: 'custom', message: cartMessages.invalidProductId, input: v });
          return z.NEVER;
        }
        return v.trim().toLowerCase();
      }),
      quantity: cartQuantitySchema,
      size: choice,
      color: choice,
    },
    { error: cartMessages.productInfoUnavailable },
  ),
);

export interface OrderItemInput {
  productId: string;
  quantity: number;
  size?: string;
  color?: string;
}

/**
 * 1 to MAX_ORDER_LINES items; lines of the same product, size and colour are merged (quantities
 * added; the merged quantity is still at most 100). Two colours of one size stay two items, each
 * with its colour (decision 0062).
 */
export const orderItemsSchema = z.unknown().transform((v, ctx): OrderItemInput[] => {
  if (!Array.isArray(v) || v.length === 0) {
    ctx.issues.push({ code: 'custom', message: orderMessages.itemsRequired, input: v });
    return z.NEVER;
  }
  if (v.length > MAX_ORDER_LINES) {
    ctx.issues.push({ code: 'custom', message: orderMessages.tooManyItems, input: v });
    return z.NEVER;
  }
  const merged = new Map<string, OrderItemInput>();
  for (const raw of v) {
    const parsed = orderItemSchema.safeParse(raw);
    if (!parsed.success) {
      ctx.issues.push({ code: 'custom', message: parsed.error.issues[0]?.message ?? cartMessages.productInfoUnavailable, input: raw });
      return z.NEVER;
    }
    const item = parsed.data as OrderItemInput;
    const key = `${item.productId}|${(item.size ?? '').toLowerCase()}|${(item.color ?? '').toLowerCase()}`;
    const earlier = merged.get(key);
    if (earlier) {
      earlier.quantity += item.quantity;
      if (earlier.quantity > 100) {
        ctx.issues.push({ code: 'custom', message: orderMessages.quantityTooLarge, input: raw });
        return z.NEVER;
      }
    } else {
      merged.set(key, { ...item });
    }
  }
  return [...merged.values()];
});

/**
 * POST /new/order. The spec's payload (`shippingInfo`, `orderItems` with `product`) and the short
 * form (`items` with `productId`) are both read; prices, totals and payment info are ignored.
 */
export const placeOrderSchema = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    const o = v as Record<string, unknown>;
    return { shippingInfo: o.shippingInfo, items: o.orderItems ?? o.items, couponCode: o.couponCode };
  },
  z.object({ shippingInfo: shippingInfoSchema, items: orderItemsSchema, couponCode: optionalCouponCodeSchema }, { error: orderMessages.itemsRequired }),
);
export type PlaceOrderInput = z.output<typeof placeOrderSchema>;

/** POST /coupon/check (the checkout's Apply field): a code and the items it would be used on. */
export const checkCouponSchema = z.preprocess(
  (v) => (v && typeof v === 'object' && !Array.isArray(v) ? { code: null, ...v, items: (v as Record<string, unknown>).items ?? (v as Record<string, unknown>).orderItems ?? null } : v),
  z.object({ code: couponCodeSchema, items: orderItemsSchema }, { error: couponMessages.codeRequired }),
);
export type CheckCouponInput = z.output<typeof checkCouponSchema>;

/** An Idempotency-Key header (or GraphQL argument): 1–200 visible ASCII characters. */
export const idempotencyKeySchema = z
  .string({ error: orderMessages.idempotencyKeyInvalid })
  .trim()
  .regex(/^[\x21-\x7e]{1,200}$/, { error: orderMessages.idempotencyKeyInvalid });

/** A status as staff send it (any case). */
export const orderStatusSchema = z.unknown().transform((v, ctx): OrderStatus => {
  if (typeof v !== 'string' || v.trim() === '') {
    ctx.issues.push({ code: 'custom', message: orderMessages.statusRequired, input: v });
    return z.NEVER;
  }
  const status = v.trim().toLowerCase();
  if (!(ORDER_STATUSES as readonly string[]).includes(status)) {
    ctx.issues.push({ code: 'custom', message: orderMessages.unknownStatus(v.trim()), input: v });
    return z.NEVER;
  }
  return status as OrderStatus;
});


const pageParam = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? '1' : typeof v === 'number' ? String(v) : v),
  z.string({ error: orderMessages.pageInvalid }).regex(/^\d{1,6}$/, { error: orderMessages.pageInvalid }).transform(Number),
).refine((n) => n >= 1, { error: orderMessages.pageInvalid });

/** GET /orders/date?date=YYYY-MM-DD&page= (no date: today in Asia/Kolkata). */
/** The longest period of the staff dashboard's sales figures, in days. */
export const MAX_SALES_DAYS = 90;
export const salesDaysInvalid = `days must be a whole number from 1 to ${MAX_SALES_DAYS}`;

/** GET /admin/dashboard/sales: `days` from 1 to MAX_SALES_DAYS, 7 when absent. */
export const salesDaysQuerySchema = z.object({
  days: z.preprocess(
    (v) => (v === undefined || v === '' ? '7' : v),
    z
      .string({ error: salesDaysInvalid })
      .regex(/^\d{1,4}$/, { error: salesDaysInvalid })
      .transform(Number)
      .refine((n) => n >= 1 && n <= MAX_SALES_DAYS, { error: salesDaysInvalid }),
  ),
});

/** The GST summary's answers to a bad request (decision 0049). */
export const gstSummaryMessages = { badMonth: `month must be YYYY-MM (e.g. 2026-11), a month of the years ${SHOP_FIRST_YEAR}–${SHOP_LAST_YEAR}` } as const;

/** A YYYY-MM month of the shop's calendar (REST query and GraphQL argument alike). */
export const calendarMonthSchema = z
  .string({ error: gstSummaryMessages.badMonth })
  .trim()
  .refine(isCalendarMonth, { error: gstSummaryMessages.badMonth })
  .describe(`YYYY-MM (Asia/Kolkata), ${SHOP_FIRST_YEAR}-01 to ${SHOP_LAST_YEAR}-12`);

/** GET /admin/gst-summary(/csv): the month. */
export const gstSummaryQuerySchema = z.object({ month: calendarMonthSchema });

/**
 * Which orders a staff list shows by their archive mark (decision 0103): `exclude` (the lists'
 * default: archived orders hidden), `include` (all) or `only` (the archived ones).
 */
export const ARCHIVED_FILTERS = ['exclude', 'include', 'only'] as const;
export type ArchivedFilter = (typeof ARCHIVED_FILTERS)[number];
const archivedFilterParam = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(ARCHIVED_FILTERS, { error: orderMessages.archivedFilterInvalid }).optional(),
);

export const ordersByDateQuerySchema = z.object({
  archived: archivedFilterParam,
  date: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string({ error: orderMessages.invalidDate })
      .trim()
      .refine((d) => isCalendarDate(d), { error: orderMessages.invalidDate })
      .optional(),
  ),
  page: pageParam,
});

const optionalDate = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .string({ error: orderMessages.invalidDate })
    .trim()
    .refine((d) => isCalendarDate(d), { error: orderMessages.invalidDate })
    .optional(),
);

/**
 * GET /admin/orders?q=&status=&from=&to=&page=&limit= (all optional). `q` is what a person has in
 * hand: an order number in any of its forms, a buyer's email (or part of it), a phone number, or
 * the buyer's name; `from`/`to` are Asia/Kolkata days, both included.
 */
export const adminOrdersQuerySchema = z.preprocess(
  withPageSizeAsLimit,
  z
  .object({
    q: z.preprocess(
      (v) => (v === null ? undefined : v),
      z
        .string({ error: orderMessages.searchInvalid })
        .trim()
        .max(MAX_ORDER_SEARCH_LENGTH, { error: orderMessages.searchInvalid })
        .optional()
        .transform((v) => (v ? v : undefined)),
    ),
    status: z.preprocess((v) => (v === '' || v === null ? undefined : v), orderStatusSchema.optional()),
    /** A payment status (Pending, Paid, Refunded, Cancelled; any case). */
    payment: z.preprocess(
      (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? PAYMENT_STATUSES.find((p) => p.toLowerCase() === v.trim().toLowerCase()) ?? v : v),
      z.enum(PAYMENT_STATUSES, { error: orderMessages.paymentFilterInvalid }).optional(),
    ),
    from: optionalDate,
    to: optionalDate,
    archived: archivedFilterParam,
    page: pageParam,
  limit: z
    .preprocess(
      (v) => (v === undefined || v === null || v === '' ? '50' : typeof v === 'number' ? String(v) : v),
      z.string({ error: orderMessages.limitInvalid }).regex(/^\d{1,6}$/, { error: orderMessages.limitInvalid }).transform(Number),
    )
    .refine((n) => n >= 1 && n <= MAX_ADMIN_PAGE_SIZE, { error: orderMessages.limitInvalid }),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: orderMessages.dateRangeInvalid, path: ['to'] }),
);
export type AdminOrdersQuery = z.output<typeof adminOrdersQuerySchema>;

/** The rows a CSV export of found orders holds at most (the newest first). */
export const MAX_ORDERS_EXPORT = 5000;

/**
 * What an order search text can mean, read once here so REST, GraphQL and the web agree:
 * an order id (the full id, or the last 4–12 characters of it as the display forms show, with or
 * without '#', any case), phone digits, or free text for the buyer's email and name.
 */
export function readOrderSearch(q: string): { id?: string; idSuffix?: string; phoneDigits?: string; text: string } {
  const text = q.trim();
  const bare = text.replace(/^#/, '').trim().toLowerCase();
  if (UUID.test(bare)) return { id: bare, text };
  const idSuffix = /^[0-9a-f]{4,12}$/.test(bare) ? bare : undefined;
  let digits = /^[+\d\s()-]+$/.test(text) ? text.replace(/\D/g, '') : '';
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  const phoneDigits = digits.length >= 4 ? digits : undefined;
  return { idSuffix, phoneDigits, text };
}

/** POST /createOrder (payment test provider): amount in integer paise, currency INR. */
export const createPaymentOrderSchema = z.object({
  amount: z.unknown().transform((v, ctx) => {
    const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < MIN_PAYMENT_PAISE || n > MAX_PAYMENT_PAISE) {
      ctx.issues.push({ code: 'custom', message: orderMessages.amountInvalid, input: v });
      return z.NEVER;
    }
    return n;
  }),
  currency: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 'INR' : typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.literal('INR', { error: orderMessages.currencyInvalid }),
  ),
});

/** POST /verifyOrder: the provider's three values, as text. */
export const verifyPaymentSchema = z.object(
  {
    orderId: z.string({ error: orderMessages.paymentFieldsRequired }).trim().min(1, { error: orderMessages.paymentFieldsRequired }).max(100),
    paymentId: z.string({ error: orderMessages.paymentFieldsRequired }).trim().min(1, { error: orderMessages.paymentFieldsRequired }).max(100),
    signature: z.string({ error: orderMessages.paymentFieldsRequired }).trim().min(1, { error: orderMessages.paymentFieldsRequired }).max(200),
  },
  { error: orderMessages.paymentFieldsRequired },
);

export { ORDER_NUMBER_LENGTH, orderNumberOf } from './order-number';

// ---------------------------------------------------------------------------------------------
// Stock reservations: the catalog's internal API that checkout uses (never routed by the gateway)

/** One line to reserve: a product (and its size, when it has sizes). */
export const stockReservationLineSchema = z.object({
  productId: z
    .string({ error: cartMessages.invalidProductId })
    .trim()
    .regex(UUID, { error: cartMessages.invalidProductId })
    .transform((v) => v.toLowerCase()),
  size: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.string({ error: cartMessages.propertyInvalid }).trim().max(MAX_PROPERTY_LENGTH, { error: cartMessages.propertyInvalid }).optional(),
  ),
  quantity: cartQuantitySchema,
  /** Checked against the product's colours (the first one when not given; null when it has none). */
  color: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.string({ error: cartMessages.propertyInvalid }).trim().max(MAX_PROPERTY_LENGTH, { error: cartMessages.propertyInvalid }).optional(),
  ),
});

/** POST /internal/v1/stock/reservations: all lines or none; the reservation id is the order id. */
export const stockReservationRequestSchema = z.object({
  reservationId: z
    .string({ error: 'reservationId must be a UUID' })
    .trim()
    .regex(UUID, { error: 'reservationId must be a UUID' })
    .transform((v) => v.toLowerCase()),
  items: z
    .array(stockReservationLineSchema, { error: orderMessages.itemsRequired })
    .min(1, { error: orderMessages.itemsRequired })
    .max(MAX_ORDER_LINES, { error: orderMessages.tooManyItems }),
});
export type StockReservationRequest = z.output<typeof stockReservationRequestSchema>;

/** A reserved line with the product as it is now (money in paise). */
export interface ReservedLine {
  productId: string;
  code: string;
  name: string;
  /** Card-size picture, or null when the product has none. */
  image: string | null;
  /** The size as the product spells it; null for products without sizes. */
  size: string | null;
  /** The colour as the product spells it; null for products without colours. */
  color: string | null;
  quantity: number;
  /** The selling price now, in paise. */
  pricePaise: number;
  /**
   * The product's top-level category when reserved (its id and name then), for the staff's sales by
   * category; absent in reservations recorded before categories were copied (decision 0027).
   */
  categoryId?: string | null;
  categoryName?: string | null;
  /** The HSN code and GST rate (basis points) of the line when reserved (decision 0046); absent from catalogs before it. */
  hsnCode?: string;
  gstRateBp?: number;
}

/** The catalog's answer (201 the first time, 200 with the same content when asked again). */
export interface StockReservation {
  success: true;
  reservationId: string;
  lines: ReservedLine[];
  createdAt: string;
}

/** The catalog's 409 when a line is short: the message names the product. */
export interface StockShortage {
  success: false;
  message: string;
  productId: string;
  size: string | null;
  available: number;
}
