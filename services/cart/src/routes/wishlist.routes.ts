import express, { Router } from 'express';
import { registerRoute } from '@shop/platform';
import { cartMessages } from '@shop/proto-contracts';
import { cartManifest as routes } from '@shop/proto-contracts/routes';
import type { CartDeps } from '../domain/cart-deps';
import { addToWishlist, loadWishlist, moveWishlistItemToCart, removeFromWishlist } from '../domain/wishlist.service';

/** The wishlist (the spec shows the header button as a stub; the shop makes it real), under /api/v1. */
export function wishlistRoutes(deps: CartDeps): Router {
  const r = Router();
  const json = express.json({ limit: '20kb' });

  registerRoute(r, routes['GET /wishlist'], async (req, res) => {
    res.json({ success: true, wishlist: await loadWishlist(deps.db, req.principal!.userId) });
  });

  registerRoute(r, routes['POST /wishlist'], json, async (req, res, { body }) => {
    const change = await addToWishlist(deps, req.principal!.userId, body.productId);
    res.json({ success: true, message: cartMessages.addedToWishlist(change.name), productId: change.productId, wishlist: change.wishlist });
  });

  registerRoute(r, routes['DELETE /wishlist/:productId'], async (req, res, { params }) => {
    const change = await removeFromWishlist(deps, req.principal!.userId, params.productId);
    res.json({ success: true, message: cartMessages.removedFromWishlist(change.name), productId: change.productId, wishlist: change.wishlist });
  });

  registerRoute(r, routes['POST /wishlist/:productId/move-to-cart'], json, async (req, res, { params, body }) => {
    const change = await moveWishlistItemToCart(deps, req.principal!.userId, params.productId, body);
    res.json({
      success: true,
      message: cartMessages.movedToCart(change.name),
      productId: change.productId,
      properties: change.properties,
      cartItems: change.cart.items,
    });
  });

  return r;
}
