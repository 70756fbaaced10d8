import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
// Type-only, so nothing of proto-contracts (zod) reaches the bundle: the cart service's own view types.
import type { CartItemProperties } from '@shop/proto-contracts/web';
import { getErrorCode, getErrorMessage, ServerMessageError } from './api-errors';
import { graphqlRequest } from './graphql-request';
import {
  ADD_TO_CART,
  ADD_TO_WISHLIST,
  CART_AND_WISHLIST_QUERY,
  CART_QUERY,
  guestCartProductsDocument,
  MERGE_GUEST_CART,
  MOVE_TO_CART,
  REMOVE_FROM_CART,
  REMOVE_FROM_WISHLIST,
  UPDATE_CART_ITEM,
  WISHLIST_QUERY,
  type GuestCartProduct,
} from './cart-documents';
import type { GraphQLDocument, ResultOf } from './graphql-document';
import { graphqlRequestWithRefresh } from './graphql-request-with-refresh';
import {
  addGuestLine,
  changeGuestLine,
  GuestCartError,
  guestCartView,
  readGuestCart,
  removeGuestLine,
  withFreshProducts,
  writeGuestCart,
  type GuestCart,
  type GuestProduct,
} from './guest-cart';
import { useSession } from './session';
import { STORAGE_KEYS } from './storage-keys';
import { toast } from './toast';

/**
 * The shopper's cart and wishlist, shared by the header (item count), the product page (in-cart
 * state, wishlist heart), the cart and the wishlist pages. Plain fetch (lib/graphql-request.ts), so
 * the product page stays light. Logged in, the cart is the server's, mirrored to local storage (`cartItems`;
 * the session clears that key on logout). Logged out, it is the guest cart kept in local storage
 * (lib/guest-cart.ts), merged into the account by one call as soon as the shopper signs in, by
 * whichever way (decision 0063). A cart has one line per product, size and colour (decision 0062).
 */

export type { CartItemProperties };
export type Cart = NonNullable<ResultOf<typeof CART_QUERY>['me']>['cart'];
export type CartItem = Cart['items'][number];
export type WishlistItem = NonNullable<ResultOf<typeof WISHLIST_QUERY>['me']>['wishlist'][number];
type CartPayload = ResultOf<typeof ADD_TO_CART>['addToCart'];
type WishlistPayload = ResultOf<typeof ADD_TO_WISHLIST>['addToWishlist'];

/** `me` is null only when the session ended between the check and this request. */
function fromMe<T>(me: T | null): T {
  if (!me) throw new ServerMessageError('Session expired. Please login again.');
  return me;
}

/** A catalog product in the guest cart's terms. */
export function guestProductOf(p: Omit<GuestCartProduct, 'thumbnail'> & { thumbnail?: string | null }): GuestProduct {
  return {
    id: p.id,
    name: p.name,
    image: p.thumbnail ?? p.image[0] ?? null,
    price: p.price,
    oldPrice: p.oldPrice,
    discount: p.discount,
    sizes: p.size,
    colors: p.colors,
    stock: p.stock,
    stockDetail: p.stockDetail,
  };
}

/** The guest cart's products as the public catalog has them now, in one request. */
async function freshGuestProducts(cart: GuestCart): Promise<Map<string, GuestProduct | null>> {
  const ids = [...new Set(cart.lines.map((l) => l.productId))];
  const data = await graphqlRequest(guestCartProductsDocument(ids.length), Object.fromEntries(ids.map((id, i) => [`p${i}`, id])));
  return new Map(ids.map((id, i) => [id, data[`p${i}`] ? guestProductOf(data[`p${i}`]!) : null]));
}

/** What the guest cart sends at login: the lines as chosen, nothing about prices. */
function mergeVariables(cart: GuestCart) {
  return {
    mergeKey: cart.mergeKey,
    lines: cart.lines.map((l) => ({ productId: l.productId, quantity: l.quantity, properties: { size: l.size, color: l.color } })),
  };
}

export interface AddOptions {
  /** 'increase' raises the line of that variant by the quantity (Add to Cart); 'set' (the stepper) sets it. */
  mode?: 'set' | 'increase';
  /** The line whose quantity is set. */
  lineId?: string;
  /** The product as the page shows it: a guest line is priced from it. */
  product?: GuestProduct;
}

/** An ordered line, as the cart keeps it (product, size and colour). */
export interface OrderedVariant {
  productId: string;
  size?: string | null;
  color?: string | null;
}
const variantKey = (v: OrderedVariant) => `${v.productId}|${(v.size ?? '').toLowerCase()}|${(v.color ?? '').toLowerCase()}`;

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface CartStore {
  cart: Cart | null;
  cartStatus: LoadStatus;
  cartError: unknown;
  /** The cart is the guest cart kept in this browser (nobody is logged in). */
  guest: boolean;
  reloadCart(): void;
  /**
   * After an order: the ordered lines leave the cart at once here, and the server's cart is read
   * again until its OrderPlaced handling has removed them too (at most about 15 s).
   */
  settleOrderedLines(ordered: OrderedVariant[]): void;
  /** The product's lines, oldest first. */
  linesOf(productId: string): CartItem[];
  /** The line of a product in a size and colour, if the cart has it. */
  lineOf(productId: string, size: string | null, color: string | null): CartItem | undefined;
  /**
   * Creates the line of the product, size and colour or sets (mode 'increase': raises) its
   * quantity; with a lineId, that line's quantity is set. Rejects with the server's message.
   */
  addToCart(productId: string, quantity: number, properties?: Partial<CartItemProperties>, options?: AddOptions): Promise<Cart>;
  updateCartItem(line: CartItem, properties: Partial<CartItemProperties>): Promise<Cart>;
  removeFromCart(line: CartItem): Promise<Cart>;

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

/** A guest-cart rule's refusal as the server's would be (the same toast path). */
function guestChange(change: () => GuestCart): GuestCart {
  try {
    return change();
  } catch (error) {
    if (error instanceof GuestCartError) throw new ServerMessageError(error.message);
    throw error;
  }
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
    <TData, TVariables>(document: GraphQLDocument<TData, TVariables>, variables: TVariables, silent = false) =>
      graphqlRequestWithRefresh(tokenRefresher, document, variables, { silent }),
    [tokenRefresher],
  );

  const applyCart = useCallback((next: Cart) => {
    setCart(next);
    setCartStatus('ready');
    setCartError(undefined);
    mirrorItems(next.items);
  }, []);

  const applyGuest = useCallback((next: GuestCart | null) => {
    writeGuestCart(next);
    setCart(guestCartView(next));
    setCartStatus('ready');
    setCartError(undefined);
  }, []);

  const reloadCart = useCallback(() => {
    const at = generation.current;
    if (status === 'anonymous') {
      // The guest cart at the catalog's prices now; while the catalog cannot be asked, as last seen.
      const guestCart = readGuestCart();
      applyGuest(guestCart);
      if (guestCart) {
        freshGuestProducts(guestCart).then(
          (fresh) => {
            if (generation.current === at) applyGuest(withFreshProducts(readGuestCart() ?? guestCart, fresh));
          },
          () => undefined,
        );
      }
      return;
    }
    setCartStatus('loading');
    send(CART_QUERY, {}, true).then(
      (data) => {
        if (generation.current === at) applyCart(fromMe(data.me).cart);
      },
      (error: unknown) => {
        if (generation.current !== at) return;
        setCartError(error);
        setCartStatus('error');
      },
    );
  }, [status, send, applyCart, applyGuest]);

  const settleOrderedLines = useCallback(
    (variants: OrderedVariant[]) => {
      const orderedKeys = new Set(variants.map(variantKey));
      const ordered = { has: (item: CartItem) => orderedKeys.has(variantKey({ productId: item.productId, ...item.properties })) };
      const at = generation.current;
      setCart((current) => {
        if (!current) return current;
        const items = current.items.filter((item) => !ordered.has(item));
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
        send(CART_QUERY, {}, true).then(
          (data) => {
            if (generation.current !== at) return;
            const server = fromMe(data.me).cart;
            const settled = !server.items.some((item) => ordered.has(item));
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
    send(WISHLIST_QUERY, {}, true).then(
      (data) => {
        if (generation.current !== at) return;
        setWishlist(fromMe(data.me).wishlist);
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

  const loadCartAndWishlist = useCallback(
    (at: number) => {
      send(CART_AND_WISHLIST_QUERY, {}, true).then(
        (data) => {
          if (generation.current !== at) return;
          try {
            applyCart(fromMe(data.me).cart);
            setWishlist(fromMe(data.me).wishlist);
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
    },
    [send, applyCart],
  );

  /**
   * Signed in (by password, OTP, sign-up or Google: all end here) with a guest cart kept: one
   * merge call adds it to the account; the shopper is told what could not be added. The guest cart
   * is forgotten once the server answered, or refused it for what it holds; a call that failed
   * otherwise keeps it for the next start (the same key then cannot add it twice).
   */
  const mergeGuestCartThenLoad = useCallback(
    (at: number, guestCart: GuestCart) => {
      send(MERGE_GUEST_CART, mergeVariables(guestCart), true).then(
        (data) => {
          const payload = data.mergeGuestCart;
          writeGuestCart(null);
          const problems = payload.results.some((r) => r.status !== 'merged');
          if (problems) toast.error(payload.message);
          else toast.success(payload.message);
          loadCartAndWishlist(at);
        },
        (error: unknown) => {
          // Refused for what it holds (decision 0097): sending it again would be refused again.
          if (getErrorCode(error) === 'BAD_USER_INPUT') {
            writeGuestCart(null);
            toast.error(getErrorMessage(error, 'Your guest cart could not be added to your account'));
          } else toast.error(`Your guest cart could not be added to your account yet: ${getErrorMessage(error, 'please try again')}`);
          loadCartAndWishlist(at);
        },
      );
    },
    [send, loadCartAndWishlist],
  );

  useEffect(() => {
    generation.current += 1;
    const at = generation.current;
    if (status === 'authenticated') {
      // Not the guest cart any more: checkout waits for the account's cart (merged first).
      setCart(null);
      setCartStatus('loading');
      setWishlistStatus('loading');
      const guestCart = readGuestCart();
      if (guestCart) mergeGuestCartThenLoad(at, guestCart);
      // One request for both after login or on start.
      else loadCartAndWishlist(at);
    } else {
      setWishlist(null);
      setWishlistStatus('idle');
      setWishlistError(undefined);
      if (status === 'anonymous') {
        // The session clears the mirrored server cart on logout; a visitor has the guest cart.
        mirrorItems(null);
        applyGuest(readGuestCart());
      } else {
        setCart(null);
        setCartStatus('idle');
        setCartError(undefined);
      }
    }
  }, [status, loadCartAndWishlist, mergeGuestCartThenLoad, applyGuest]);

  const cartMutation = useCallback(
    async <TData, TVariables>(document: GraphQLDocument<TData, TVariables>, payloadOf: (data: TData) => CartPayload, variables: TVariables) => {
      const payload = checked(payloadOf(await send(document, variables)));
      applyCart(payload.cart);
      return payload.cart;
    },
    [send, applyCart],
  );

  const wishlistMutation = useCallback(
    async <TData, TVariables>(document: GraphQLDocument<TData, TVariables>, payloadOf: (data: TData) => WishlistPayload, variables: TVariables) => {
      const payload = checked(payloadOf(await send(document, variables)));
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
      guest: status === 'anonymous',
      linesOf: (productId) => cart?.items.filter((item) => item.productId === productId) ?? [],
      lineOf: (productId, size, color) =>
        cart?.items.find((item) => item.productId === productId && item.properties.size === size && item.properties.color === color),
      addToCart: async (productId, quantity, properties, options = {}) => {
        if (status !== 'authenticated') {
          const current = readGuestCart();
          const product = options.product ?? current?.lines.find((l) => l.productId === productId)?.product;
          if (!product) throw new ServerMessageError('Product information is not available');
          const next = guestChange(() =>
            addGuestLine(current, product, {
              quantity,
              size: properties?.size ?? null,
              color: properties?.color ?? null,
              mode: options.mode ?? 'set',
              lineId: options.lineId,
            }),
          );
          applyGuest(next);
          return guestCartView(next);
        }
        return cartMutation(ADD_TO_CART, (data) => data.addToCart, {
          productId,
          quantity,
          properties: options.lineId ? null : (cleanProperties(properties) ?? null),
          lineId: options.lineId ?? null,
          mode: options.mode ?? null,
        });
      },
      updateCartItem: async (line, properties) => {
        if (status !== 'authenticated') {
          const current = readGuestCart();
          if (!current) throw new ServerMessageError('Item not found in cart');
          const next = guestChange(() => changeGuestLine(current, line.lineId, { size: properties.size ?? undefined, color: properties.color ?? undefined }));
          applyGuest(next);
          return guestCartView(next);
        }
        return cartMutation(UPDATE_CART_ITEM, (data) => data.updateCartItem, {
          productId: line.productId,
          lineId: line.lineId,
          properties: cleanProperties(properties) ?? {},
        });
      },
      removeFromCart: async (line) => {
        if (status !== 'authenticated') {
          const current = readGuestCart();
          const next = current ? removeGuestLine(current, line.lineId) : null;
          applyGuest(next);
          return guestCartView(next);
        }
        return cartMutation(REMOVE_FROM_CART, (data) => data.removeFromCart, { productId: line.productId, lineId: line.lineId });
      },
      wishlist,
      wishlistStatus,
      wishlistError,
      reloadWishlist,
      inWishlist: (productId) => Boolean(wishlist?.some((item) => item.productId === productId)),
      addToWishlist: (productId) => wishlistMutation(ADD_TO_WISHLIST, (data) => data.addToWishlist, { productId }),
      removeFromWishlist: (productId) =>
        wishlistMutation(REMOVE_FROM_WISHLIST, (data) => data.removeFromWishlist, { productId }),
      moveWishlistItemToCart: async (productId, properties) => {
        await cartMutation(MOVE_TO_CART, (data) => data.moveWishlistItemToCart, { productId, properties: properties ?? null });
        setWishlist((current) => current?.filter((item) => item.productId !== productId) ?? current);
      },
    }),
    [status, cart, cartStatus, cartError, reloadCart, settleOrderedLines, cartMutation, applyGuest, wishlist, wishlistStatus, wishlistError, reloadWishlist, wishlistMutation],
  );

  return <CartContext value={value}>{children}</CartContext>;
}

export function useCart(): CartStore {
  const store = use(CartContext);
  if (!store) throw new Error('useCart must be used inside <CartProvider>');
  return store;
}
