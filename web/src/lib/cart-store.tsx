import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
// Type-only, so nothing of proto-contracts (zod) reaches the bundle: the cart service's own view types.
import type { CartItemProperties, CartItemView, WishlistItemView } from '@shop/proto-contracts/web';
import { getErrorMessage, ServerMessageError } from './api-errors';
import { graphqlRequest } from './graphql-request';
import { graphqlMeRequestWithRefresh } from './graphql-request-with-refresh';
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
 * state, wishlist heart), the cart and the wishlist pages. Plain fetch (no Apollo), so the product
 * page stays light. Logged in, the cart is the server's, mirrored to local storage (`cartItems`;
 * the session clears that key on logout). Logged out, it is the guest cart kept in local storage
 * (lib/guest-cart.ts), merged into the account by one call as soon as the shopper signs in, by
 * whichever way (decision 0063). A cart has one line per product, size and colour (decision 0062).
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

const CART_SELECTION = `items { id lineId productId name image price oldPrice discountPercent quantity
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
const ADD_TO_CART = `mutation AddToCart($productId: ID!, $quantity: Int!, $properties: CartItemPropertiesInput, $lineId: ID, $mode: String) {
  addToCart(productId: $productId, quantity: $quantity, properties: $properties, lineId: $lineId, mode: $mode) { ${CART_PAYLOAD} } }`;
const UPDATE_CART_ITEM = `mutation UpdateCartItem($productId: ID!, $lineId: ID, $properties: CartItemPropertiesInput!) {
  updateCartItem(productId: $productId, lineId: $lineId, properties: $properties) { ${CART_PAYLOAD} } }`;
const REMOVE_FROM_CART = `mutation RemoveFromCart($productId: ID!, $lineId: ID) { removeFromCart(productId: $productId, lineId: $lineId) { ${CART_PAYLOAD} } }`;
const MERGE_GUEST_CART = `mutation MergeGuestCart($mergeKey: ID!, $lines: [GuestCartLineInput!]!) {
  mergeGuestCart(mergeKey: $mergeKey, lines: $lines) { success message results { status message } cart { ${CART_SELECTION} } } }`;

interface MergePayload {
  success: boolean;
  message: string;
  results: { status: 'merged' | 'partial' | 'refused'; message: string | null }[];
  cart: Cart;
}

/** The public product facts a guest line is priced from (the product page's own query asks for more). */
const GUEST_PRODUCT_FIELDS = 'id name image thumbnail price oldPrice discount size colors stock stockDetail { size stock }';
interface PublicProduct {
  id: string;
  name: string;
  image: string[];
  thumbnail: string | null;
  price: number;
  oldPrice: number;
  discount: number;
  size: string[];
  colors: string[];
  stock: number;
  stockDetail: { size: string; stock: number }[];
}

/** A catalog product in the guest cart's terms. */
export function guestProductOf(p: Omit<PublicProduct, 'thumbnail'> & { thumbnail?: string | null }): GuestProduct {
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
  const query = `query GuestCartProducts(${ids.map((_, i) => `$p${i}: ID!`).join(', ')}) { ${ids
    .map((_, i) => `p${i}: product(id: $p${i}) { ${GUEST_PRODUCT_FIELDS} }`)
    .join(' ')} }`;
  const data = await graphqlRequest<Record<string, PublicProduct | null>>('GuestCartProducts', query, Object.fromEntries(ids.map((id, i) => [`p${i}`, id])));
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
const ADD_TO_WISHLIST = `mutation AddToWishlist($productId: ID!) { addToWishlist(productId: $productId) { ${WISHLIST_PAYLOAD} } }`;
const REMOVE_FROM_WISHLIST = `mutation RemoveFromWishlist($productId: ID!) { removeFromWishlist(productId: $productId) { ${WISHLIST_PAYLOAD} } }`;
const MOVE_TO_CART = `mutation MoveWishlistItemToCart($productId: ID!, $properties: CartItemPropertiesInput) {
  moveWishlistItemToCart(productId: $productId, properties: $properties) { ${CART_PAYLOAD} } }`;

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
        send<MeAnswer>('Cart', CART_QUERY, {}, true).then(
          (data) => {
            if (generation.current !== at) return;
            const server = fromMe(data, 'cart')!;
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

  const loadCartAndWishlist = useCallback(
    (at: number) => {
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
    },
    [send, applyCart],
  );

  /**
   * Signed in (by password, OTP, sign-up or Google: all end here) with a guest cart kept: one
   * merge call adds it to the account; the shopper is told what could not be added. The guest cart
   * is forgotten once the server answered; a failed call keeps it for the next start (the same key
   * then cannot add it twice).
   */
  const mergeGuestCartThenLoad = useCallback(
    (at: number, guestCart: GuestCart) => {
      send<{ mergeGuestCart: MergePayload }>('MergeGuestCart', MERGE_GUEST_CART, mergeVariables(guestCart), true).then(
        (data) => {
          const payload = data.mergeGuestCart;
          writeGuestCart(null);
          const problems = payload.results.some((r) => r.status !== 'merged');
          if (problems) toast.error(payload.message);
          else toast.success(payload.message);
          loadCartAndWishlist(at);
        },
        (error: unknown) => {
          toast.error(`Your guest cart could not be added to your account yet: ${getErrorMessage(error, 'please try again')}`);
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
        return cartMutation('AddToCart', ADD_TO_CART, 'addToCart', {
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
        return cartMutation('UpdateCartItem', UPDATE_CART_ITEM, 'updateCartItem', {
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
        return cartMutation('RemoveFromCart', REMOVE_FROM_CART, 'removeFromCart', { productId: line.productId, lineId: line.lineId });
      },
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
    [status, cart, cartStatus, cartError, reloadCart, settleOrderedLines, cartMutation, applyGuest, wishlist, wishlistStatus, wishlistError, reloadWishlist, wishlistMutation],
  );

  return <CartContext value={value}>{children}</CartContext>;
}

export function useCart(): CartStore {
  const store = use(CartContext);
  if (!store) throw new Error('useCart must be used inside <CartProvider>');
  return store;
}
