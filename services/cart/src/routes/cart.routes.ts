import express, { Router } from 'express';
import { registerRoute } from '@shop/platform';
import { addToCartSchema, cartMessages, productIdParamsSchema, updateCartItemSchema } from '@shop/proto-contracts';
import { cartManifest as routes } from '@shop/proto-contracts/routes';
import type { CartDeps } from '../domain/cart-deps';
import { addToCart, loadCart, removeFromCart, updateCartItem } from '../domain/cart.service';
import { parseInput } from '../parse-input';

/** The cart endpoints, mounted under /api/v1. The user is always the caller. */
export function cartRoutes(deps: CartDeps): Router {
  const r = Router();
  // Each route's access rule comes from the manifest (decision 0071) and is checked before the body
  // is read, so a stranger gets 401 whatever they send.
  const json = express.json({ limit: '20kb' });

  registerRoute(r, routes['POST /addToCart'], json, async (req, res) => {
    const change = await addToCart(deps, req.principal!.userId, parseInput(addToCartSchema, req.body));
    res.json({ success: true, message: cartMessages.addedToCart(change.name), productId: change.productId, cartItems: change.cart.items });
  });

  registerRoute(r, routes['GET /loadCart'], async (req, res) => {
    const cart = await loadCart(deps.db, req.principal!.userId);
    res.json({ success: true, cartItems: cart.items, totalItems: cart.totalItems, totalAmount: cart.totalAmount, hasProblems: cart.hasProblems });
  });

  registerRoute(r, routes['PUT /cart/updateItem'], json, async (req, res) => {
    const change = await updateCartItem(deps, req.principal!.userId, parseInput(updateCartItemSchema, req.body));
    res.json({ success: true, message: cartMessages.propertiesUpdated(change.name), productId: change.productId, properties: change.properties });
  });

  registerRoute(r, routes['DELETE /removeFromCart/:productId'], async (req, res) => {
    const { productId } = parseInput(productIdParamsSchema, req.params);
    const change = await removeFromCart(deps, req.principal!.userId, productId);
    res.json({ success: true, message: cartMessages.removedFromCart(change.name), productId: change.productId });
  });

  return r;
}
