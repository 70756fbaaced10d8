import { z } from 'zod';

/**
 * The cart service's request schemas, limits and texts (spec sections 3, 4, 5 and 8), shared with
 * the web so a form and the server give the same message for the same mistake.
 */

export const MAX_CART_LINES = 50;
export const MAX_QUANTITY_PER_LINE = 100;
export const MAX_WISHLIST_ITEMS = 100;
export const MAX_PROPERTY_LENGTH = 40;
/** Lines one guest-cart merge may send (a guest cart is held to the same bound as a cart). */
export const MAX_GUEST_MERGE_LINES = MAX_CART_LINES;

/** Fixed texts every cart item carries (spec section 3, "Cart item"). */
export const CART_SELLER = 'ShopKart Retail';
export const CART_DELIVERY_INFO = 'Delivery in 3–7 days · Cash on delivery';

export const cartMessages = {
  productInfoUnavailable: 'Product information is not available',
  invalidProductId: 'Invalid product ID',
  productNotFound: 'Product not found',
  productUnavailable: 'This product is no longer available',
  quantityRequired: 'Please choose a quantity',
  quantityNotNumber: 'Quantity must be a number',
  quantityNotWhole: 'Quantity must be a whole number',
  quantityBelowOne: 'Quantity cannot be less than 1',
  quantityTooLarge: `You can add at most ${MAX_QUANTITY_PER_LINE} units of one product`,
  onlyInStock: (stock: number) => `Only ${stock} items available in stock`,
  outOfStock: 'This product is out of stock',
  sizeRequired: 'Please select a size',
  sizeUnavailable: 'This size is not available for this product',
  colorUnavailable: 'This colour is not available for this product',
  propertyInvalid: `Size and colour must be text of at most ${MAX_PROPERTY_LENGTH} characters`,
  propertiesInvalid: 'properties must be an object with size and color',
  propertiesRequired: 'Please choose a size or colour to change',
  cartFull: `Your cart can hold at most ${MAX_CART_LINES} lines`,
  itemNotFound: 'Item not found in cart',
  invalidLineId: 'Invalid cart line id',
  lineIdRequired: (name: string) => `${name} is in your cart in more than one size or colour: please say which line (lineId)`,
  variantInCart: (name: string) => `${name} is already in your cart in that size and colour`,
  quantityModeInvalid: "mode must be 'set' or 'increase'",
  mergeLinesRequired: 'Please send the guest cart lines',
  mergeTooManyLines: `A guest cart can send at most ${MAX_GUEST_MERGE_LINES} lines`,
  mergeKeyRequired: 'Please send the guest cart key (mergeKey)',
  merged: (lines: number) => (lines === 1 ? 'Your guest cart line was added to your cart' : `Your guest cart (${lines} lines) was added to your cart`),
  mergeShort: (added: number, label: string, reason: string) => `Only ${added} of ${label} could be added: ${reason}`,
  mergeNone: (label: string, reason: string) => `${label} could not be added: ${reason}`,
  mergeReasonStock: 'the rest is out of stock',
  mergeReasonNoStock: 'no more are in stock',
  mergeReasonLineMax: `a cart line holds at most ${MAX_QUANTITY_PER_LINE} units`,
  mergeReasonCartFull: `your cart can hold at most ${MAX_CART_LINES} lines`,
  wishlistItemNotFound: 'Item not found in wishlist',
  wishlistFull: `Your wishlist can hold at most ${MAX_WISHLIST_ITEMS} products`,
  catalogUnavailable: 'Products cannot be checked right now. Please try again in a moment.',
  // Success toasts (spec section 8).
  addedToCart: (name: string) => `${name} is added to cart successfully`,
  quantityUpdated: (name: string) => `Updated ${name} quantity in the cart`,
  propertiesUpdated: (name: string) => `Updated properties for ${name}`,
  removedFromCart: (name: string) => `${name} removed from cart`,
  addedToWishlist: (name: string) => `${name} added to your wishlist`,
  removedFromWishlist: (name: string) => `${name} removed from your wishlist`,
  movedToCart: (name: string) => `${name} moved to your cart`,
  removeConfirm: (name: string) => `Remove ${name} from your cart?`,
  emptyCart: 'Your cart is empty.',
  // Fallbacks when the server gives no message (spec section 8).
  addOrRemoveFailed: 'An Error Occurred',
  loadFailed: 'Failed to load cart Items',
  updateFailed: 'Failed to update item properties',
} as const;

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
  { productId: cartProductIdSchema, quantity: cartQuantitySchema, properties: optionalProperties, lineId: cartLineIdSchema, mode: addModeSchema },
  { error: cartMessages.productInfoUnavailable },
);
export type AddToCartInput = z.output<typeof addToCartSchema>;

/** PUT /cart/updateItem: changes the size and/or colour of a line (at least one of them). */
export const updateCartItemSchema = z.object(
  {
    productId: cartProductIdSchema,
    /** Needed when the product has more than one line in the cart. */
    lineId: cartLineIdSchema,
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
export const removeFromCartSchema = z.object({ productId: cartProductIdSchema, lineId: cartLineIdSchema });
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
