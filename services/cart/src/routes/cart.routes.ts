import express, { Router } from 'express';
import { callerGoneSignal, registerRoute } from '@shop/platform';
import { cartMessages, removeFromCartSchema } from '@shop/proto-contracts';
import { cartManifest as routes } from '@shop/proto-contracts/routes';
import type { CartDeps } from '../domain/cart-deps';
import { addToCart, loadCart, removeFromCart, updateCartItem } from '../domain/cart.service';
import { mergeGuestCart, mergeMessage } from '../domain/guest-cart-merge.service';
import { parseInput } from '../parse-input';

/**
 * The cart endpoints, mounted under /api/v1, and the guest-cart merge. The user is always the
 * caller. A line is named by its product id when the product has one line in the cart, else by
 * `lineId` (decision 0062).
 */
export function cartRoutes(deps: CartDeps): Router {
  const r = Router();
  // Each route's access rule comes from the manifest (decision 0071) and is checked before the body
  // is read, so a stranger gets 401 whatever they send.
  const json = express.json({ limit: '20kb' });

  registerRoute(r, routes['POST /addToCart'], json, async (req, res, { body }) => {
    const change = await addToCart(deps, req.principal!.userId, body);
    res.json({ success: true, message: cartMessages.addedToCart(change.name), productId: change.productId, lineId: change.lineId, cartItems: change.cart.items });
  });

  registerRoute(r, routes['GET /loadCart'], async (req, res) => {
    const cart = await loadCart(deps.db, req.principal!.userId);
    res.json({ success: true, cartItems: cart.items, totalItems: cart.totalItems, totalAmount: cart.totalAmount, hasProblems: cart.hasProblems });
  });

  registerRoute(r, routes['PUT /cart/updateItem'], json, async (req, res, { body }) => {
    const change = await updateCartItem(deps, req.principal!.userId, body);
    res.json({ success: true, message: cartMessages.propertiesUpdated(change.name), productId: change.productId, lineId: change.lineId, properties: change.properties });
  });

  // The product and the line are read together, as the cart's one rule for naming a line says.
  registerRoute(r, routes['DELETE /removeFromCart/:productId'], async (req, res, { params, query }) => {
    const input = parseInput(removeFromCartSchema, { productId: params.productId, lineId: query.lineId });
    const change = await removeFromCart(deps, req.principal!.userId, input);
    res.json({ success: true, message: cartMessages.removedFromCart(change.name), productId: change.productId, lineId: change.lineId });
  });

  // The guest cart kept in the browser, sent once at login (decision 0063).
  registerRoute(r, routes['POST /cart/merge'], json, async (req, res, { body }) => {
    const merge = await mergeGuestCart(deps, req.principal!.userId, body, { signal: callerGoneSignal(res) });
    res.json({ success: true, message: mergeMessage(merge), replayed: merge.replayed, results: merge.results, cartItems: merge.cart.items });
  });

  return r;
}
