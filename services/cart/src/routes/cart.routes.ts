import express, { Router } from 'express';
import { requireLogin } from '@shop/platform';
import { addToCartSchema, cartMessages, productIdParamsSchema, updateCartItemSchema } from '@shop/proto-contracts';
import type { CartDeps } from '../domain/cart-deps';
import { addToCart, loadCart, removeFromCart, updateCartItem } from '../domain/cart.service';
import { parseInput } from '../parse-input';

/** The cart endpoints, mounted under /api/v1. The user is always the caller. */
export function cartRoutes(deps: CartDeps): Router {
  const r = Router();
  // Login is checked before the body is read, so a stranger gets 401 whatever they send.
  const json = express.json({ limit: '20kb' });

  r.post('/addToCart', requireLogin, json, async (req, res) => {
    const change = await addToCart(deps, req.principal!.userId, parseInput(addToCartSchema, req.body));
    res.json({ success: true, message: cartMessages.addedToCart(change.name), productId: change.productId, cartItems: change.cart.items });
  });

  r.get('/loadCart', requireLogin, async (req, res) => {
    const cart = await loadCart(deps.db, req.principal!.userId);
    res.json({ success: true, cartItems: cart.items, totalItems: cart.totalItems, totalAmount: cart.totalAmount, hasProblems: cart.hasProblems });
  });

  r.put('/cart/updateItem', requireLogin, json, async (req, res) => {
    const change = await updateCartItem(deps, req.principal!.userId, parseInput(updateCartItemSchema, req.body));
    res.json({ success: true, message: cartMessages.propertiesUpdated(change.name), productId: change.productId, properties: change.properties });
  });

  r.delete('/removeFromCart/:productId', requireLogin, async (req, res) => {
    const { productId } = parseInput(productIdParamsSchema, req.params);
    const change = await removeFromCart(deps, req.principal!.userId, productId);
    res.json({ success: true, message: cartMessages.removedFromCart(change.name), productId: change.productId });
  });

  return r;
}
