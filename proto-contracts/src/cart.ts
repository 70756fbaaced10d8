import { z } from 'zod';

/**
 * The cart service's request schemas, built on the limits and texts of cart-rules.ts.
 */

import { MAX_GUEST_MERGE_LINES, MAX_PROPERTY_LENGTH, MAX_QUANTITY_PER_LINE, cartMessages } from './cart-rules';
export * from './cart-rules';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A product's internal id (the catalog's UUID), lower-cased; missing → 'Product information is not available'. */
export const cartProductIdSchema = z.unknown().transform((v, ctx) => {
  if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) {
    ctx.issues.push({ code: 'custom', message: cartMessages.productInfoUnavailable, input: v });
    return z.NEVER;
  }
  if (typeof v !== 'string' || !UUID.test(v.trim())) {
    ctx.issues.push({ code: 'custom', message: cartMessages.invalidProductId, input: v });
    return z.NEVER;
  }
  return v.trim().toLowerCase();
});

/** A whole number from 1 to MAX_QUANTITY_PER_LINE; text such as "2" is refused, not guessed at. */
export const cartQuantitySchema = z.unknown().transform((v, ctx) => {
  const fail = (message: string) => {
    ctx.issues.push({ code: 'custom', message, input: v });
    return z.NEVER;
  };
  if (v === undefined || v === '') return fail(cartMessages.quantityRequired);
  // NaN reaches a JSON body as null.
  if (typeof v !== 'number' || !Number.isFinite(v)) return fail(cartMessages.quantityNotNumber);
  if (!Number.isInteger(v)) return fail(cartMessages.quantityNotWhole);
  if (v < 1) return fail(cartMessages.quantityBelowOne);
  if (v > MAX_QUANTITY_PER_LINE) return fail(cartMessages.quantityTooLarge);
  return v;
});

/** A size or colour as chosen; blank or null means "not chosen". */
const choiceSchema = z.preprocess(
  (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
  z.string({ error: cartMessages.propertyInvalid }).trim().max(MAX_PROPERTY_LENGTH, { error: cartMessages.propertyInvalid }).optional(),
);

export const cartItemPropertiesSchema = z.object({ size: choiceSchema, color: choiceSchema }, { error: cartMessages.propertiesInvalid });
export type CartItemPropertiesInput = z.output<typeof cartItemPropertiesSchema>;

const optionalProperties = z.preprocess((v) => (v === null ? undefined : v), cartItemPropertiesSchema.optional());

/** A cart line's id (answered as `lineId` with every cart item); optional where the product id may do. */
export const cartLineIdSchema = z.preprocess(
  (v) => (v === null || v === '' ? undefined : v),
  z
    .unknown()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (typeof v !== 'string' || !UUID.test(v.trim())) {
        ctx.issues.push({ code: 'custom', message: cartMessages.invalidLineId, input: v });
        return z.NEVER;
      }
      return v.trim().toLowerCase();
    }),
);

/**
 * How an add treats a line that already has the product, size and colour: 'set' its quantity (the
 * spec's default: the product page's stepper re-sends the new quantity) or 'increase' it by the
 * quantity sent (Add to Cart of a variant already in the cart). Decision 0062.
 */
export const ADD_TO_CART_MODES = ['set', 'increase'] as const;
export type AddToCartMode = (typeof ADD_TO_CART_MODES)[number];
const addModeSchema = z.preprocess(
  (v) => (v === null || v === undefined ? 'set' : v),
  z.enum(ADD_TO_CART_MODES, { error: cartMessages.quantityModeInvalid }),
);

/**
 * POST /addToCart: creates the line of the product, size and colour, or sets (mode 'increase':
 * raises) its quantity. With `lineId`, that line's quantity is set. Decision 0062.
 */
export const addToCartSchema = z.object(
  { productId: cartProductIdSchema, quantity: cartQuantitySchema, properties: optionalProperties, lineId: cartLineIdSchema.optional(), mode: addModeSchema.optional() },
  { error: cartMessages.productInfoUnavailable },
);
export type AddToCartInput = z.output<typeof addToCartSchema>;

/** PUT /cart/updateItem: changes the size and/or colour of a line (at least one of them). */
export const updateCartItemSchema = z.object(
  {
    productId: cartProductIdSchema,
    /** Needed when the product has more than one line in the cart. */
    lineId: cartLineIdSchema.optional(),
    properties: z.unknown().transform((v, ctx) => {
      const parsed = cartItemPropertiesSchema.safeParse(v ?? {});
      if (!parsed.success) {
        ctx.issues.push({ code: 'custom', message: parsed.error.issues[0]?.message ?? cartMessages.propertiesInvalid, input: v });
        return z.NEVER;
      }
      if (parsed.data.size === undefined && parsed.data.color === undefined) {
        ctx.issues.push({ code: 'custom', message: cartMessages.propertiesRequired, input: v });
        return z.NEVER;
      }
      return parsed.data;
    }),
  },
  { error: cartMessages.productInfoUnavailable },
);
export type UpdateCartItemInput = z.output<typeof updateCartItemSchema>;

/** DELETE /removeFromCart/:productId and the wishlist paths. */
export const productIdParamsSchema = z.object({ productId: cartProductIdSchema });

/** DELETE /removeFromCart/:productId?lineId=…: the line id is needed when the product has more than one line. */
export const removeFromCartSchema = z.object({ productId: cartProductIdSchema, lineId: cartLineIdSchema.optional() });
export type RemoveFromCartInput = z.output<typeof removeFromCartSchema>;

/** One line of a guest cart as the browser kept it. */
const guestCartLineSchema = z.object(
  { productId: cartProductIdSchema, quantity: cartQuantitySchema, properties: optionalProperties },
  { error: cartMessages.productInfoUnavailable },
);

/**
 * POST /cart/merge: the guest cart kept in the browser, sent once at login. `mergeKey` is the guest
 * cart's own id: the same key again answers the first merge and adds nothing (decision 0063).
 */
export const mergeGuestCartSchema = z.object(
  {
    mergeKey: z.unknown().transform((v, ctx) => {
      if (typeof v !== 'string' || !UUID.test(v.trim())) {
        ctx.issues.push({ code: 'custom', message: cartMessages.mergeKeyRequired, input: v });
        return z.NEVER;
      }
      return v.trim().toLowerCase();
    }),
    lines: z.unknown().transform((v, ctx) => {
      if (!Array.isArray(v) || v.length === 0) {
        ctx.issues.push({ code: 'custom', message: cartMessages.mergeLinesRequired, input: v });
        return z.NEVER;
      }
      if (v.length > MAX_GUEST_MERGE_LINES) {
        ctx.issues.push({ code: 'custom', message: cartMessages.mergeTooManyLines, input: v });
        return z.NEVER;
      }
      const lines: z.output<typeof guestCartLineSchema>[] = [];
      for (const raw of v) {
        const parsed = guestCartLineSchema.safeParse(raw);
        if (!parsed.success) {
          ctx.issues.push({ code: 'custom', message: parsed.error.issues[0]?.message ?? cartMessages.productInfoUnavailable, input: raw });
          return z.NEVER;
        }
        lines.push(parsed.data);
      }
      return lines;
    }),
  },
  { error: cartMessages.mergeLinesRequired },
);
export type MergeGuestCartInput = z.output<typeof mergeGuestCartSchema>;

/** What became of one guest line: all of it added, part of it, or none (`message` says why). */
export interface GuestMergeResult {
  productId: string;
  name: string;
  size: string | null;
  color: string | null;
  requested: number;
  added: number;
  status: 'merged' | 'partial' | 'refused';
  /** The cart line it went into (none when nothing was added). */
  lineId: string | null;
  message: string | null;
}

/** POST /wishlist. */
export const addToWishlistSchema = z.object({ productId: cartProductIdSchema }, { error: cartMessages.productInfoUnavailable });

/** POST /wishlist/:productId/move-to-cart: the body is optional (then quantity 1, first size and colour). */
export const moveToCartSchema = z.preprocess(
  (v) => (v === undefined || v === null ? {} : v),
  z.object({ quantity: z.unknown().optional(), properties: optionalProperties }).transform((v, ctx) => {
    if (v.quantity === undefined) return { quantity: undefined, properties: v.properties };
    const q = cartQuantitySchema.safeParse(v.quantity);
    if (!q.success) {
      ctx.issues.push({ code: 'custom', message: q.error.issues[0]?.message ?? cartMessages.quantityNotNumber, input: v.quantity });
      return z.NEVER;
    }
    return { quantity: q.data as number | undefined, properties: v.properties };
  }),
);
export type MoveToCartInput = z.output<typeof moveToCartSchema>;

export interface CartItemProperties {
  size: string | null;
  color: string | null;
}

/** The spec's cart item as REST answers it (money in rupees, 2 decimals). */
export interface CartItemView {
  /** The product id (the spec's name for it). */
  id: string;
  /** The line's own id: stable while the line exists, needed when a product has several lines. */
  lineId: string;
  productId: string;
  name: string;
  image: string | null;
  price: number;
  oldPrice: number;
  discountPercent: number;
  quantity: number;
  properties: CartItemProperties;
  seller: string;
  deliveryInfo: string;
  /** False once the product was deleted: the line cannot be checked out. */
  available: boolean;
  /** Units in stock for the chosen size (or the product). */
  stock: number;
  subtotal: number;
  saving: number;
  sizeOptions: string[];
  colorOptions: string[];
  /** Sizes of sizeOptions with no stock left. */
  soldOutSizes: string[];
}

export interface WishlistItemView {
  productId: string;
  name: string;
  image: string | null;
  price: number;
  oldPrice: number;
  discountPercent: number;
  available: boolean;
  inStock: boolean;
  addedAt: string;
  /** The product's sizes, in order (empty when it has none): Move to cart asks for one of them. */
  sizeOptions: string[];
  /** The product's colours, in order (empty when it has none). */
  colorOptions: string[];
  /** Sizes with no stock left (offered as sold out, not chosen). */
  soldOutSizes: string[];
}
