import { z } from 'zod';
import { cartMessages, cartQuantitySchema, MAX_PROPERTY_LENGTH } from './cart';
import { SHOP_IMAGE_PATH } from './media';
import { MAX_ORDER_LINES } from './order';


import { MAX_REFUND_REFERENCE_LENGTH, MAX_RETURN_NOTE_LENGTH, MAX_RETURN_REASON_LENGTH, MIN_RETURN_REASON_LENGTH, REFUND_METHODS, RETURN_STATUSES, type ReturnStatus, returnMessages } from './return-rules';
export * from './return-rules';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const optionalChoice = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  z.string({ error: cartMessages.propertyInvalid }).trim().max(MAX_PROPERTY_LENGTH, { error: cartMessages.propertyInvalid }).optional(),
);

/** One line to return: the product (`product` as the REST payload names it, or `productId`), how many, and its size/colour. */
const returnLineSchema = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    const o = v as Record<string, unknown>;
    const props = (o.properties && typeof o.properties === 'object' ? o.properties : {}) as Record<string, unknown>;
    return { productId: o.product ?? o.productId, quantity: o.quantity, size: o.size ?? props.size, color: o.color ?? props.color };
  },
  z.object(
    {
      productId: z
        .string({ error: cartMessages.invalidProductId })
        .trim()
        .regex(UUID, { error: cartMessages.invalidProductId })
        .transform((s) => s.toLowerCase()),
      quantity: cartQuantitySchema,
      size: optionalChoice,
      color: optionalChoice,
    },
    { error: returnMessages.itemsRequired },
  ),
);
export type ReturnLineInput = z.output<typeof returnLineSchema>;

/**
 * An uploaded picture: only a path the shop's media service answered (SHOP_IMAGE_PATH), never an
 * outside URL — staff open every return, and an outside image would call its owner's server.
 */
const photoSchema = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  z.string({ error: returnMessages.photoInvalid }).trim().regex(SHOP_IMAGE_PATH, { error: returnMessages.photoInvalid }).optional(),
);

/** POST /order/:id/return. */
export const requestReturnSchema = z.object(
  {
    items: z
      .array(returnLineSchema, { error: returnMessages.itemsRequired })
      .min(1, { error: returnMessages.itemsRequired })
      .max(MAX_ORDER_LINES, { error: returnMessages.itemsRequired }),
    reason: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ') : v),
      z
        .string({ error: returnMessages.reasonRequired })
        .min(1, { error: returnMessages.reasonRequired })
        .min(MIN_RETURN_REASON_LENGTH, { error: returnMessages.reasonTooShort })
        .max(MAX_RETURN_REASON_LENGTH, { error: returnMessages.reasonTooLong }),
    ),
    photo: photoSchema,
  },
  { error: returnMessages.itemsRequired },
);
export type RequestReturnInput = z.output<typeof requestReturnSchema>;

/** POST /order/:id/return/quote: the same lines, before any reason is typed (decision 0047). */
export const returnQuoteSchema = requestReturnSchema.pick({ items: true });
export type ReturnQuoteInput = z.output<typeof returnQuoteSchema>;

const returnStatusSchema = z.unknown().transform((v, ctx): ReturnStatus => {
  if (typeof v !== 'string' || v.trim() === '') {
    ctx.issues.push({ code: 'custom', message: returnMessages.statusRequired, input: v });
    return z.NEVER;
  }
  const s = v.trim().toLowerCase();
  if (!(RETURN_STATUSES as readonly string[]).includes(s)) {
    ctx.issues.push({ code: 'custom', message: returnMessages.unknownStatus(v.trim()), input: v });
    return z.NEVER;
  }
  return s as ReturnStatus;
});

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

/** PUT /admin/return/:id: the next status, a note for the shopper, and for a refund how and which reference. */
export const updateReturnSchema = z
  .object(
    {
      status: returnStatusSchema,
      note: z.preprocess(blankToUndefined, z.string({ error: returnMessages.noteTooLong }).trim().max(MAX_RETURN_NOTE_LENGTH, { error: returnMessages.noteTooLong }).optional()),
      refundMethod: z.preprocess(
        (v) => {
          const b = blankToUndefined(v);
          if (typeof b !== 'string') return b;
          return REFUND_METHODS.find((m) => m.toLowerCase() === b.trim().toLowerCase()) ?? b;
        },
        z.enum(REFUND_METHODS, { error: returnMessages.refundMethodInvalid }).optional(),
      ),
      refundReference: z.preprocess(
        blankToUndefined,
        z.string({ error: returnMessages.refundDetailsRequired }).trim().max(MAX_REFUND_REFERENCE_LENGTH, { error: returnMessages.refundReferenceTooLong }).optional(),
      ),
    },
    { error: returnMessages.statusRequired },
  )
  .superRefine((v, ctx) => {
    if (v.status === 'refunded' && (!v.refundMethod || !v.refundReference)) {
      ctx.addIssue({ code: 'custom', message: returnMessages.refundDetailsRequired });
    }
  });
export type UpdateReturnInput = z.output<typeof updateReturnSchema>;

/** GET /admin/returns?status=&page=. */
export const adminReturnsQuerySchema = z.object({
  status: z.preprocess((v) => (v === '' || v === null ? undefined : v), returnStatusSchema.optional()),
  page: z
    .preprocess(
      (v) => (v === undefined || v === null || v === '' ? '1' : typeof v === 'number' ? String(v) : v),
      z.string({ error: returnMessages.pageInvalid }).regex(/^\d{1,6}$/, { error: returnMessages.pageInvalid }).transform(Number),
    )
    .refine((n) => n >= 1, { error: returnMessages.pageInvalid }),
});
