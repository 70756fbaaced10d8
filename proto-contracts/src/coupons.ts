import { z } from 'zod';
import { MAX_MONEY_PAISE, PAISE_PER_RUPEE, paiseOfRupeesInput, paiseToRupees } from './money';
import { isInShopYears } from './shop-calendar';

/**
 * Coupon codes (decision 0028): staff make them, checkout prices them. Shared by the order service,
 * the gateway's OpenAPI and the web (the staff form and the checkout's Apply field).
 */

export const COUPON_TYPES = ['percent', 'amount'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/** 3–20 letters, digits, '-' or '_', starting with a letter or digit; compared upper-cased. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,19}$/;
/** Largest fixed amount off and largest minimum order, in rupees (₹10,00,000, the most money a request may name). */
export const MAX_COUPON_RUPEES = MAX_MONEY_PAISE / PAISE_PER_RUPEE;
export const MAX_COUPON_USES = 1_000_000;
export const COUPONS_PER_PAGE = 50;
/** Coupon look-ups (Apply, or an order naming a code) a shopper may make, and a client address, per window. */
export const COUPON_CHECKS_PER_USER = 10;
export const COUPON_CHECKS_PER_ADDRESS = 30;
export const COUPON_CHECK_WINDOW_MS = 10 * 60_000;

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
/** Paise as a shopper reads them: ₹1,000.00. */
export const formatRupees = (paise: number) => rupees.format(paiseToRupees(paise));
const day = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Asia/Kolkata' });
/** A moment as the shop shows it in a message: 5 Jan 2027, 12:00 am (India time). */
export const formatCouponMoment = (d: Date) => `${day.format(d)} IST`;

export const couponMessages = {
  codeRequired: 'Please enter a coupon code',
  codeInvalid: 'A coupon code is 3 to 20 letters, digits, - or _',
  typeInvalid: "Coupon type must be 'percent' or 'amount'",
  percentInvalid: 'A percent coupon takes 1 to 100 percent off (a whole number)',
  amountInvalid: `A fixed amount off must be more than ₹0 and at most ₹${MAX_COUPON_RUPEES.toLocaleString('en-IN')}`,
  minOrderInvalid: `The minimum order must be ₹0 to ₹${MAX_COUPON_RUPEES.toLocaleString('en-IN')}`,
  dateInvalid: (field: string) => `${field} must be a date (YYYY-MM-DD) or a date and time (ISO 8601)`,
  dateOrder: 'The coupon must start before it ends (validFrom before validTo)',
  maxUsesInvalid: `maxUses must be a whole number from 1 to ${MAX_COUPON_USES.toLocaleString('en-IN')}, or empty for no limit`,
  maxUsesPerCustomerInvalid: `maxUsesPerCustomer must be a whole number from 1 to ${MAX_COUPON_USES.toLocaleString('en-IN')}, or empty for no limit`,
  activeInvalid: 'active must be true or false',
  duplicate: (code: string) => `A coupon with the code ${code} already exists`,
  invalidCouponId: 'Invalid coupon ID',
  couponNotFound: 'Coupon not found',
  maxUsesBelowUses: (uses: number) => `This coupon has already been used ${uses} times; maxUses cannot be lower`,
  deleteUsed: (uses: number) =>
    `This coupon has been used on ${uses === 1 ? '1 order' : `${uses} orders`}, so it cannot be deleted. Deactivate it instead.`,
  created: 'Coupon created',
  updated: 'Coupon updated',
  deleted: 'Coupon deleted',
  pageInvalid: 'page must be a whole number, 1 or more',
  limitInvalid: 'limit must be a whole number from 1 to 100',
  // Refusals at checkout and by the Apply field (each a 4xx with this text).
  unknown: (code: string) => `Coupon code ${code} does not exist`,
  notYetValid: (code: string, from: Date) => `Coupon ${code} can be used from ${formatCouponMoment(from)}`,
  expired: (code: string, to: Date) => `Coupon ${code} expired on ${formatCouponMoment(to)}`,
  inactive: (code: string) => `Coupon ${code} is no longer active`,
  minimumNotMet: (code: string, minPaise: number) => `Coupon ${code} needs an order of at least ${formatRupees(minPaise)} (items, before GST)`,
  usedUp: (code: string) => `Coupon ${code} has been fully used`,
  alreadyUsed: (code: string, times: number) =>
    times === 1 ? `You have already used coupon ${code}` : `You have already used coupon ${code} ${times} times, the most it allows`,
  tooManyChecks: 'Too many coupon attempts. Please wait a few minutes and try again.',
  applied: (code: string) => `Coupon ${code} applied`,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isCouponId = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

/** A code as typed (any case, spaces around): upper-cased; blank is "no code". */
export function normalizeCouponCode(value: string): string {
  return value.trim().toUpperCase();
}

/** A code sent by staff or a shopper: trimmed, upper-cased, in the code format. */
export const couponCodeSchema = z.unknown().transform((v, ctx): string => {
  if (typeof v !== 'string' || v.trim() === '') {
    ctx.issues.push({ code: 'custom', message: couponMessages.codeRequired, input: v });
    return z.NEVER;
  }
  const code = normalizeCouponCode(v);
  if (!COUPON_CODE_PATTERN.test(code)) {
    ctx.issues.push({ code: 'custom', message: couponMessages.codeInvalid, input: v });
    return z.NEVER;
  }
  return code;
});

/** The code of an order body: absent, null or blank means none. */
export const optionalCouponCodeSchema = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  couponCodeSchema.optional(),
);

const IST_OFFSET = '+05:30';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A moment staff send: ISO 8601 with a zone, or a bare day (YYYY-MM-DD, the shop's Asia/Kolkata
 * calendar), which means the start of that day for validFrom and its end for validTo.
 */
function couponMoment(field: string, edge: 'start' | 'end') {
  return z.unknown().transform((v, ctx): Date | null => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return null;
    const text = typeof v === 'string' ? v.trim() : '';
    let at: Date | undefined;
    if (DATE_ONLY.test(text)) {
      const start = new Date(`${text}T00:00:00${IST_OFFSET}`);
      // The date must exist (2027-02-30 does not): it reads back as the same IST day.
      const back = new Date(start.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 10);
      if (!Number.isNaN(start.getTime()) && back === text) at = edge === 'start' ? start : new Date(start.getTime() + 86_400_000);
    } else if (DATE_TIME.test(text)) {
      const d = new Date(text);
      if (!Number.isNaN(d.getTime())) at = d;
    }
    if (!at || !isInShopYears(at)) {
      ctx.issues.push({ code: 'custom', message: couponMessages.dateInvalid(field), input: v });
      return z.NEVER;
    }
    return at;
  });
}

/** A whole number from 1 to MAX_COUPON_USES, or null (no limit) when empty. */
const usesLimit = (message: string) =>
  z.unknown().transform((v, ctx): number | null => {
    if (v === undefined || v === null || v === '') return null;
    const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 1 || n > MAX_COUPON_USES) {
      ctx.issues.push({ code: 'custom', message, input: v });
      return z.NEVER;
    }
    return n;
  });


/**
 * POST /admin/coupons and PUT /admin/coupon/:id: the whole coupon (money in rupees). `value` is a
 * whole percent (1–100) for 'percent' and rupees (> 0) for 'amount'; `minOrder` is on the items'
 * subtotal before GST (0 when empty); `validFrom` defaults to now, `validTo` empty never ends;
 * maxUses and maxUsesPerCustomer empty mean no limit; `active` defaults to true.
 */
export const couponInputSchema = z
  .preprocess(
    // Fields left out are empty (null): each field below says what empty means.
    (v) =>
      v && typeof v === 'object' && !Array.isArray(v)
        ? { code: null, value: null, minOrder: null, validFrom: null, validTo: null, maxUses: null, maxUsesPerCustomer: null, active: null, ...v }
        : v,
    z.object(
      {
        code: couponCodeSchema,
        type: z.enum(COUPON_TYPES, { error: couponMessages.typeInvalid }),
        value: z.unknown(),
        minOrder: z.unknown().transform((v, ctx): number => {
          if (v === undefined || v === null || v === '') return 0;
          const paise = paiseOfRupeesInput(v);
          if (paise === undefined) {
            ctx.issues.push({ code: 'custom', message: couponMessages.minOrderInvalid, input: v });
            return z.NEVER;
          }
          return paise;
        }),
        validFrom: couponMoment('validFrom', 'start'),
        validTo: couponMoment('validTo', 'end'),
        maxUses: usesLimit(couponMessages.maxUsesInvalid),
        maxUsesPerCustomer: usesLimit(couponMessages.maxUsesPerCustomerInvalid),
        active: z.preprocess((v) => (v === undefined || v === null ? true : v), z.boolean({ error: couponMessages.activeInvalid })),
      },
      { error: couponMessages.codeRequired },
    ),
  )
  .transform((c, ctx) => {
    let percent: number | null = null;
    let amountPaise: number | null = null;
    if (c.type === 'percent') {
      const n = typeof c.value === 'string' && /^\d+$/.test(c.value.trim()) ? Number(c.value.trim()) : c.value;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 100) {
        ctx.issues.push({ code: 'custom', message: couponMessages.percentInvalid, input: c.value, path: ['value'] });
        return z.NEVER;
      }
      percent = n;
    } else {
      const paise = paiseOfRupeesInput(c.value, { minPaise: 1 });
      if (paise === undefined) {
        ctx.issues.push({ code: 'custom', message: couponMessages.amountInvalid, input: c.value, path: ['value'] });
        return z.NEVER;
      }
      amountPaise = paise;
    }
    if (c.validFrom && c.validTo && c.validFrom.getTime() >= c.validTo.getTime()) {
      ctx.issues.push({ code: 'custom', message: couponMessages.dateOrder, input: c.validTo, path: ['validTo'] });
      return z.NEVER;
    }
    return {
      code: c.code,
      type: c.type,
      percent,
      amountPaise,
      minOrderPaise: c.minOrder,
      validFrom: c.validFrom,
      validTo: c.validTo,
      maxUses: c.maxUses,
      maxUsesPerCustomer: c.maxUsesPerCustomer,
      active: c.active,
    };
  });
export type CouponInput = z.output<typeof couponInputSchema>;

const pageNumber = (message: string, fallback: string, max: number) =>
  z
    .preprocess(
      (v) => (v === undefined || v === null || v === '' ? fallback : typeof v === 'number' ? String(v) : v),
      z.string({ error: message }).regex(/^\d{1,6}$/, { error: message }).transform(Number),
    )
    .refine((n) => n >= 1 && n <= max, { error: message });

/** GET /admin/coupons?page=&limit= (newest first, 50 a page unless asked, at most 100). */
export const adminCouponsQuerySchema = z.object({
  page: pageNumber(couponMessages.pageInvalid, '1', 999_999),
  limit: pageNumber(couponMessages.limitInvalid, String(COUPONS_PER_PAGE), 100),
});

/** How much a coupon takes off a subtotal (after the first-order discount): paise, never more than the subtotal. */
export interface CouponTerms {
  type: CouponType;
  percent: number | null;
  amountPaise: number | null;
}
