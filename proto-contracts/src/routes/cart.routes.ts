/** The cart service's REST routes: the cart and the wishlist, always the caller's own (format: route-manifest.ts). */
import { z } from 'zod';
import { addToCartSchema, addToWishlistSchema, MAX_GUEST_MERGE_LINES, MAX_GUEST_MERGE_UNKNOWN_PRODUCTS, mergeGuestCartSchema, moveToCartSchema, productIdParamsSchema, updateCartItemSchema } from '../cart';
import { defineRoutes, ok, textQuery, views } from './route-manifest';

const cartItems = z.array(views.cartItem);
const wishlist = z.array(z.looseObject({ productId: z.string(), name: z.string() }));
const change = { message: z.string(), productId: z.string() };
const lineChange = { ...change, lineId: z.string() };

export const cartManifest = defineRoutes('cart', {
  // Cart lines are per product, size and colour (decision 0062); answers carry each line's lineId.
  'POST /addToCart': {
    access: 'login',
    summary:
      "Put the product in the cart as the line of its size and colour: a new line, or that line's quantity set (mode 'increase': raised by quantity). With lineId, that line's quantity is set. Answers productId, lineId, cartItems",
    body: addToCartSchema,
    response: ok({ ...lineChange, cartItems }),
  },
  'GET /loadCart': {
    access: 'login',
    summary: 'The cart at current prices: cartItems (each with id = product id and its own lineId), totalItems, totalAmount, hasProblems',
    response: ok({ cartItems, totalItems: z.number().int(), totalAmount: z.number(), hasProblems: z.boolean() }),
  },
  'PUT /cart/updateItem': {
    access: 'login',
    summary: "Change a cart line's size or colour (the line keeps its lineId). The line is named by productId when the product has one line, else by lineId",
    body: updateCartItemSchema,
    conflict: 'The product has several lines and no lineId was sent, or another line already has that size and colour',
    response: ok({ ...lineChange, properties: z.unknown() }),
  },
  'DELETE /removeFromCart/:productId': {
    access: 'login',
    summary: "Remove a cart line: the product's only line, or the line given by the lineId query parameter",
    params: productIdParamsSchema,
    conflict: 'The product has several lines and no lineId was sent',
    query: textQuery('lineId'),
    response: ok(lineChange),
  },
  'POST /cart/merge': {
    access: 'login',
    summary:
      `Merge the guest cart (mergeKey, at most ${MAX_GUEST_MERGE_LINES} lines) into the caller's cart, capped by stock and 100 per line; answers message, results per line (requested, added, status merged/partial/refused, message) and cartItems. Lines of one variant count as one; more than ${MAX_GUEST_MERGE_UNKNOWN_PRODUCTS} products the shop does not have refuse the merge (400). The same mergeKey again answers the first merge that added something (replayed: true) and adds nothing. Each line counts as one request toward the rate limit`,
    body: mergeGuestCartSchema,
    weighedBy: 'lines',
    response: ok({ message: z.string(), replayed: z.boolean(), results: z.array(z.looseObject({ status: z.string(), added: z.number().int() })), cartItems }),
  },
  'GET /wishlist': {
    access: 'login',
    summary: "The caller's wishlist: per product productId, name, image, price, oldPrice, discountPercent, available, inStock, addedAt, sizeOptions, colorOptions, soldOutSizes",
    response: ok({ wishlist }),
  },
  'POST /wishlist': { access: 'login', summary: 'Add a product to the wishlist (productId)', body: addToWishlistSchema, response: ok({ ...change, wishlist }) },
  'DELETE /wishlist/:productId': { access: 'login', summary: 'Remove a product from the wishlist', params: productIdParamsSchema, response: ok({ ...change, wishlist }) },
  'POST /wishlist/:productId/move-to-cart': {
    access: 'login',
    summary: 'Move a wishlist product to the cart (optional quantity and properties { size, color }; without a size, the first size in stock)',
    params: productIdParamsSchema,
    body: moveToCartSchema,
    response: ok({ ...change, properties: z.unknown(), cartItems }),
  },
});
