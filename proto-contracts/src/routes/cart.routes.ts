/** The cart service's REST routes: the cart and the wishlist, always the caller's own (format: route-manifest.ts). */
import { z } from 'zod';
import { addToCartSchema, addToWishlistSchema, moveToCartSchema, productIdParamsSchema, updateCartItemSchema } from '../cart';
import { defineRoutes, ok, views } from './route-manifest';

const cartItems = z.array(views.cartItem);
const wishlist = z.array(z.looseObject({ productId: z.string(), name: z.string() }));
const change = { message: z.string(), productId: z.string() };

export const cartManifest = defineRoutes('cart', {
  'POST /addToCart': { access: 'login', summary: 'Add a product to the cart or set its quantity', body: addToCartSchema, response: ok({ ...change, cartItems }) },
  'GET /loadCart': { access: 'login', summary: 'The cart at current prices', response: ok({ cartItems, totalItems: z.number().int(), totalAmount: z.number(), hasProblems: z.boolean() }) },
  'PUT /cart/updateItem': { access: 'login', summary: "Change a cart line's size or colour", body: updateCartItemSchema, response: ok({ ...change, properties: z.unknown() }) },
  'DELETE /removeFromCart/:productId': { access: 'login', summary: 'Remove a cart line', params: productIdParamsSchema, response: ok(change) },
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
