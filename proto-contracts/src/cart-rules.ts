/**
 * The cart service's limits and texts: plain data without zod, shared with the web (through
 * web.ts) so a form and the server give the same message for the same mistake.
 */

export const MAX_CART_LINES = 50;
export const MAX_QUANTITY_PER_LINE = 100;
export const MAX_WISHLIST_ITEMS = 100;
export const MAX_PROPERTY_LENGTH = 40;
/** Lines one guest-cart merge may send (a guest cart is held to the same bound as a cart). */
export const MAX_GUEST_MERGE_LINES = MAX_CART_LINES;
/**
 * Products of one guest-cart merge the catalog may not know (deleted since the guest added them)
 * before the merge is refused: a real guest cart holds a few such, a made-up one is all of them
 * (decision 0097).
 */
export const MAX_GUEST_MERGE_UNKNOWN_PRODUCTS = 5;

/** Fixed texts every cart item carries. */
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
  mergeTooManyUnknown: `The guest cart names more than ${MAX_GUEST_MERGE_UNKNOWN_PRODUCTS} products the shop does not have, so none of it was added`,
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
  // Success toasts.
  addedToCart: (name: string) => `${name} is added to cart successfully`,
  quantityUpdated: (name: string) => `Updated ${name} quantity in the cart`,
  propertiesUpdated: (name: string) => `Updated properties for ${name}`,
  removedFromCart: (name: string) => `${name} removed from cart`,
  addedToWishlist: (name: string) => `${name} added to your wishlist`,
  removedFromWishlist: (name: string) => `${name} removed from your wishlist`,
  movedToCart: (name: string) => `${name} moved to your cart`,
  removeConfirm: (name: string) => `Remove ${name} from your cart?`,
  emptyCart: 'Your cart is empty.',
  // Fallbacks when the server gives no message.
  addOrRemoveFailed: 'An Error Occurred',
  loadFailed: 'Failed to load cart Items',
  updateFailed: 'Failed to update item properties',
} as const;
