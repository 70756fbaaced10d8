import { assertLoggedIn, callerGoneSignal, forbidden, type GraphQLContext, type SubgraphResolvers } from '@shop/platform';
import {
  addToCartSchema,
  addToWishlistSchema,
  cartMessages,
  mergeGuestCartSchema,
  moveToCartSchema,
  productIdParamsSchema,
  removeFromCartSchema,
  updateCartItemSchema,
  type CartItemView,
  type WishlistItemView,
} from '@shop/proto-contracts';
import type { CartDeps } from '../domain/cart-deps';
import { addToCart, loadCart, removeFromCart, updateCartItem, type CartChange } from '../domain/cart.service';
import { mergeGuestCart, mergeMessage } from '../domain/guest-cart-merge.service';
import { addToWishlist, loadWishlist, moveWishlistItemToCart, removeFromWishlist, type WishlistChange } from '../domain/wishlist.service';
import { parseInput } from '../parse-input';

type Args = Record<string, unknown>;

const cartPayload = (change: CartChange, message: string) => ({
  success: true,
  message,
  productId: change.productId,
  lineId: change.lineId,
  properties: change.properties,
  cart: change.cart,
});

const wishlistPayload = (change: WishlistChange, message: string) => ({ success: true, message, productId: change.productId, wishlist: change.wishlist });

/** The user whose cart a `User` representation asks for, if it is the caller; FORBIDDEN otherwise. */
function ownUserId(ctx: GraphQLContext, user: { id: string }): string {
  const principal = assertLoggedIn(ctx);
  if (String(user.id) !== principal.userId) throw forbidden();
  return principal.userId;
}

/** The cart subgraph: the same domain functions as the REST routes; the user is always the caller. */
export function cartResolvers(deps: CartDeps): SubgraphResolvers {
  const productRef = (item: CartItemView | WishlistItemView) => ({ __typename: 'Product', id: item.productId });
  return {
    Query: {
      cart: (_p: unknown, _a: Args, ctx: GraphQLContext) => loadCart(deps.db, assertLoggedIn(ctx).userId),
      wishlist: (_p: unknown, _a: Args, ctx: GraphQLContext) => loadWishlist(deps.db, assertLoggedIn(ctx).userId),
    },
    User: {
      __resolveReference: (ref: { id: string }) => ({ id: ref.id }),
      cart: (user: { id: string }, _a: Args, ctx: GraphQLContext) => loadCart(deps.db, ownUserId(ctx, user)),
      wishlist: (user: { id: string }, _a: Args, ctx: GraphQLContext) => loadWishlist(deps.db, ownUserId(ctx, user)),
    },
    CartItem: { product: productRef },
    WishlistItem: { product: productRef },
    Mutation: {
      addToCart: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        const userId = assertLoggedIn(ctx).userId;
        const change = await addToCart(deps, userId, parseInput(addToCartSchema, args));
        return cartPayload(change, cartMessages.addedToCart(change.name));
      },
      updateCartItem: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        const userId = assertLoggedIn(ctx).userId;
        const change = await updateCartItem(deps, userId, parseInput(updateCartItemSchema, args));
        return cartPayload(change, cartMessages.propertiesUpdated(change.name));
      },
      removeFromCart: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        const userId = assertLoggedIn(ctx).userId;
        const change = await removeFromCart(deps, userId, parseInput(removeFromCartSchema, args));
        return cartPayload(change, cartMessages.removedFromCart(change.name));
      },
      mergeGuestCart: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        const userId = assertLoggedIn(ctx).userId;
        const merge = await mergeGuestCart(deps, userId, parseInput(mergeGuestCartSchema, args), { signal: callerGoneSignal(ctx.res) });
        return { success: true, message: mergeMessage(merge), replayed: merge.replayed, results: merge.results, cart: merge.cart };
      },
      addToWishlist: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        const userId = assertLoggedIn(ctx).userId;
        const change = await addToWishlist(deps, userId, parseInput(addToWishlistSchema, args).productId);
        return wishlistPayload(change, cartMessages.addedToWishlist(change.name));
      },
      removeFromWishlist: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        const userId = assertLoggedIn(ctx).userId;
        const change = await removeFromWishlist(deps, userId, parseInput(productIdParamsSchema, args).productId);
        return wishlistPayload(change, cartMessages.removedFromWishlist(change.name));
      },
      moveWishlistItemToCart: async (_p: unknown, args: Args, ctx: GraphQLContext) => {
        const userId = assertLoggedIn(ctx).userId;
        const { productId } = parseInput(productIdParamsSchema, args);
        const change = await moveWishlistItemToCart(deps, userId, productId, parseInput(moveToCartSchema, { properties: args.properties }));
        return cartPayload(change, cartMessages.movedToCart(change.name));
      },
    },
  };
}
