import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
// Type-only, so nothing of proto-contracts (zod) reaches the bundle: the cart service's own view types.
import type { CartItemProperties, CartItemView, WishlistItemView } from '@shop/proto-contracts/web';
import { ServerMessageError } from './api-errors';
import { graphqlMeRequestWithRefresh } from './graphql-request-with-refresh';
import { useSession } from './session';
import { STORAGE_KEYS } from './storage-keys';

/**
 * The logged-in shopper's cart and wishlist, shared by the header (item count), the product page
 * (in-cart state, wishlist heart), the cart and the wishlist pages. Plain fetch (no Apollo), so
 * the product page stays light. The cart items are mirrored to local storage (`cartItems`); the
 * session clears that key on logout.
 */

export type { CartItemProperties };
export type CartItem = CartItemView;
export type WishlistItem = WishlistItemView;

export interface Cart {
  items: CartItem[];
  totalItems: number;
  totalAmount: number;
  hasProblems: boolean;
}

interface CartPayload {
  success: boolean;
  message: string | null;
  productId: string | null;
  cart: Cart;
}

interface WishlistPayload {
  success: boolean;
  message: string | null;
  wishlist: WishlistItem[];
}

const CART_SELECTION = `items { id productId name image price oldPrice discountPercent quantity
  properties { size color } seller deliveryInfo available stock subtotal saving sizeOptions colorOptions soldOutSizes }
  totalItems totalAmount hasProblems`;
const WISHLIST_SELECTION = 'productId name image price oldPrice discountPercent available inStock addedAt sizeOptions colorOptions soldOutSizes';
const CART_PAYLOAD = `success message productId cart { ${CART_SELECTION} }`;
const WISHLIST_PAYLOAD = `success message wishlist { ${WISHLIST_SELECTION} }`;

// Read through `me`: the cart subgraph extends the auth subgraph's User.
const CART_QUERY = `query Cart { me { id cart { ${CART_SELECTION} } } }`;
const WISHLIST_QUERY = `query Wishlist { me { id wishlist { ${WISHLIST_SELECTION} } } }`;
const CART_AND_WISHLIST_QUERY = `query CartAndWishlist { me { id cart { ${CART_SELECTION} } wishlist { ${WISHLIST_SELECTION} } } }`;

interface MeAnswer {
  me: { id: string; cart?: Cart; wishlist?: WishlistItem[] } | null;
}

/** `me` is null only when the session ended between the check and this request. */
function fromMe<K extends 'cart' | 'wishlist'>(data: MeAnswer, field: K): NonNullable<MeAnswer['me']>[K] {
  if (!data.me) throw new ServerMessageError('Session expired. Please login again.');
  return data.me[field];
}
const ADD_TO_CART = `mutation AddToCart($productId: ID!, $quantity: Int!, $properties: CartItemPropertiesInput) {
  addToCart(productId: $productId, quantity: $quantity, properties: $properties) { ${CART_PAYLOAD} } }`;
const UPDATE_CART_ITEM = `mutation UpdateCartItem($productId: ID!, $properties: CartItemPropertiesInput!) {
  updateCartItem(productId: $productId, properties: $properties) { ${CART_PAYLOAD} } }`;
const REMOVE_FROM_CART = `mutation RemoveFromCart($productId: ID!) { removeFromCart(productId: $productId) { ${CART_PAYLOAD} } }`;
const ADD_TO_WISHLIST = `mutation AddToWishlist($productId: ID!) { addToWishlist(productId: $productId) { ${WISHLIST_PAYLOAD} } }`;
const REMOVE_FROM_WISHLIST = `mutation RemoveFromWishlist($productId: ID!) { removeFromWishlist(productId: $productId) { ${WISHLIST_PAYLOAD} } }`;
const MOVE_TO_CART = `mutation MoveWishlistItemToCart($productId: ID!, $properties: CartItemPropertiesInput) {
  moveWishlistItemToCart(productId: $productId, properties: $properties) { ${CART_PAYLOAD} } }`;

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface CartStore {
  cart: Cart | null;
  cartStatus: LoadStatus;
  cartError: unknown;
  reloadCart(): void;
  /**
   * After an order: the ordered lines leave the cart at once here, and the server's cart is read
   * again until its OrderPlaced handling has removed them too (at most about 15 s).
   */
  settleOrderedLines(productIds: string[]): void;
  /** The cart line of a product, if it is in the cart. */
  itemOf(productId: string): CartItem | undefined;
  /** Creates the line or sets its quantity. Rejects with the server's message on refusal. */
  addToCart(productId: string, quantity: number, properties?: Partial<CartItemProperties>): Promise<Cart>;
  updateCartItem(productId: string, properties: Partial<CartItemProperties>): Promise<Cart>;
  removeFromCart(productId: string): Promise<Cart>;

  wishlist: WishlistItem[] | null;
  wishlistStatus: LoadStatus;
  wishlistError: unknown;
  reloadWishlist(): void;
  inWishlist(productId: string): boolean;
  addToWishlist(productId: string): Promise<void>;
  removeFromWishlist(productId: string): Promise<void>;
  /** Without a size the server takes the first in stock: ask the shopper first when there are sizes. */
  moveWishlistItemToCart(productId: string, properties?: { size?: string | null; color?: string | null }): Promise<void>;
}

const CartContext = createContext<CartStore | null>(null);

function mirrorItems(items: CartItem[] | null): void {
  try {
    if (items) localStorage.setItem(STORAGE_KEYS.cartItems, JSON.stringify(items));
    else localStorage.removeItem(STORAGE_KEYS.cartItems);
  } catch {
    /* storage unavailable */
  }
}

function checked<T extends { success: boolean; message: string | null }>(payload: T): T {
  if (!payload.success) throw new ServerMessageError(payload.message?.trim() || 'An Error Occurred');
  return payload;
}

/** Drops unset properties (null/undefined), so the server is asked only about real choices. */
function cleanProperties(properties?: Partial<CartItemProperties>): Partial<CartItemProperties> | undefined {
  if (!properties) return undefined;
  const result: Partial<CartItemProperties> = {};
  if (properties.size) result.size = properties.size;
  if (properties.color) result.color = properties.color;
  return Object.keys(result).length ? result : undefined;
}

export function CartProvider({ children }: { children: ReactNode }) {
  const { status, tokenRefresher } = useSession();
  const [cart, setCart] = useState<Cart | null>(null);
  const [cartStatus, setCartStatus] = useState<LoadStatus>('idle');
  const [cartError, setCartError] = useState<unknown>(undefined);
  const [wishlist, setWishlist] = useState<WishlistItem[] | null>(null);
  const [wishlistStatus, setWishlistStatus] = useState<LoadStatus>('idle');
  const [wishlistError, setWishlistError] = useState<unknown>(undefined);
  const generation = useRef(0);

  const send = useCallback(
    <T,>(name: string, query: string, variables: Record<string, unknown> = {}, silent = false) =>
      graphqlMeRequestWithRefresh<T>(tokenRefresher, name, query, variables, { silent }),
    [tokenRefresher],
  );

  const applyCart = useCallback((next: Cart) => {
    setCart(next);
    setCartStatus('ready');
    setCartError(undefined);
    mirrorItems(next.items);
  }, []);

  const reloadCart = useCallback(() => {
    const at = generation.current;
    setCartStatus('loading');
    send<MeAnswer>('Cart', CART_QUERY, {}, true).then(
      (data) => {
        if (generation.current === at) applyCart(fromMe(data, 'cart')!);
      },
      (error: unknown) => {
        if (generation.current !== at) return;
        setCartError(error);
        setCartStatus('error');
      },
    );
  }, [send, applyCart]);

  const settleOrderedLines = useCallback(
    (productIds: string[]) => {
      const ordered = new Set(productIds);
      const at = generation.current;
      setCart((current) => {
        if (!current) return current;
        const items = current.items.filter((item) => !ordered.has(item.productId));
        const next = {
          ...current,
          items,
          totalItems: items.reduce((sum, item) => sum + item.quantity, 0),
          totalAmount: Math.round(items.reduce((sum, item) => sum + (item.available ? item.subtotal : 0), 0) * 100) / 100,
        };
        mirrorItems(items);
        return next;
      });
      const delays = [300, 700, 1500, 3000, 5000, 5000];
      const attempt = (round: number) => {
        if (generation.current !== at) return;
        send<MeAnswer>('Cart', CART_QUERY, {}, true).then(
          (data) => {
            if (generation.current !== at) return;
            const server = fromMe(data, 'cart')!;
            const settled = !server.items.some((item) => ordered.has(item.productId));
            if (settled || round + 1 >= delays.length) applyCart(server);
            else setTimeout(() => attempt(round + 1), delays[round + 1]);
          },
          () => {
            if (round + 1 < delays.length) setTimeout(() => attempt(round + 1), delays[round + 1]);
          },
        );
      };
      setTimeout(() => attempt(0), delays[0]);
    },
    [send, applyCart],
  );

  const reloadWishlist = useCallback(() => {
    const at = generation.current;
    setWishlistStatus('loading');
    send<MeAnswer>('Wishlist', WISHLIST_QUERY, {}, true).then(
      (data) => {
        if (generation.current !== at) return;
        setWishlist(fromMe(data, 'wishlist')!);
        setWishlistStatus('ready');
        setWishlistError(undefined);
      },
      (error: unknown) => {
        if (generation.current !== at) return;
        setWishlistError(error);
        setWishlistStatus('error');
      },
    );
  }, [send]);

  useEffect(() => {
    generation.current += 1;
    if (status === 'authenticated') {
      // One request for both after login or on start.
      const at = generation.current;
      setCartStatus('loading');
      setWishlistStatus('loading');
      send<MeAnswer>('CartAndWishlist', CART_AND_WISHLIST_QUERY, {}, true).then(
        (data) => {
          if (generation.current !== at) return;
          try {
            applyCart(fromMe(data, 'cart')!);
            setWishlist(fromMe(data, 'wishlist')!);
            setWishlistStatus('ready');
            setWishlistError(undefined);
          } catch (error) {
            setCartError(error);
            setCartStatus('error');
            setWishlistError(error);
            setWishlistStatus('error');
          }
        },
        (error: unknown) => {
          if (generation.current !== at) return;
          setCartError(error);
          setCartStatus('error');
          setWishlistError(error);
          setWishlistStatus('error');
        },
      );
    } else {
      setCart(null);
      setCartStatus('idle');
      setCartError(undefined);
      setWishlist(null);
      setWishlistStatus('idle');
      setWishlistError(undefined);
      // The session clears the mirrored cart on logout; nothing to keep for an anonymous visitor.
      if (status === 'anonymous') mirrorItems(null);
    }
  }, [status, send, applyCart]);

  const cartMutation = useCallback(
    async (name: string, query: string, field: string, variables: Record<string, unknown>) => {
      const data = await send<Record<string, CartPayload>>(name, query, variables);
      const payload = checked(data[field]!);
      applyCart(payload.cart);
      return payload.cart;
    },
    [send, applyCart],
  );

  const wishlistMutation = useCallback(
    async (name: string, query: string, field: string, variables: Record<string, unknown>) => {
      const data = await send<Record<string, WishlistPayload>>(name, query, variables);
      const payload = checked(data[field]!);
      setWishlist(payload.wishlist);
      setWishlistStatus('ready');
    },
    [send],
  );

  const value = useMemo<CartStore>(
    () => ({
      cart,
      cartStatus,
      cartError,
      reloadCart,
      settleOrderedLines,
      itemOf: (productId) => cart?.items.find((item) => item.productId === productId),
      addToCart: (productId, quantity, properties) =>
        cartMutation('AddToCart', ADD_TO_CART, 'addToCart', { productId, quantity, properties: cleanProperties(properties) ?? null }),
      updateCartItem: (productId, properties) =>
        cartMutation('UpdateCartItem', UPDATE_CART_ITEM, 'updateCartItem', { productId, properties: cleanProperties(properties) ?? {} }),
      removeFromCart: (productId) => cartMutation('RemoveFromCart', REMOVE_FROM_CART, 'removeFromCart', { productId }),
      wishlist,
      wishlistStatus,
      wishlistError,
      reloadWishlist,
      inWishlist: (productId) => Boolean(wishlist?.some((item) => item.productId === productId)),
      addToWishlist: (productId) => wishlistMutation('AddToWishlist', ADD_TO_WISHLIST, 'addToWishlist', { productId }),
      removeFromWishlist: (productId) =>
        wishlistMutation('RemoveFromWishlist', REMOVE_FROM_WISHLIST, 'removeFromWishlist', { productId }),
      moveWishlistItemToCart: async (productId, properties) => {
        await cartMutation('MoveWishlistItemToCart', MOVE_TO_CART, 'moveWishlistItemToCart', { productId, properties: properties ?? null });
        setWishlist((current) => current?.filter((item) => item.productId !== productId) ?? current);
      },
    }),
    [cart, cartStatus, cartError, reloadCart, settleOrderedLines, cartMutation, wishlist, wishlistStatus, wishlistError, reloadWishlist, wishlistMutation],
  );

  return <CartContext value={value}>{children}</CartContext>;
}

export function useCart(): CartStore {
  const store = use(CartContext);
  if (!store) throw new Error('useCart must be used inside <CartProvider>');
  return store;
}
