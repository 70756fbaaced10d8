import { CART_DELIVERY_INFO, CART_SELLER, MAX_CART_LINES, MAX_QUANTITY_PER_LINE, type CartItemView } from '@shop/proto-contracts/web';

/**
 * A logged-out shopper's cart, kept in this browser's local storage (decision 0063): one line per
 * product, size and colour, with the product facts last read from the public catalog (for the cart
 * page's prices). At login the whole cart goes to the server in one merge call under `mergeKey`,
 * the guest cart's own id: a merge sent twice (a double submit, a retry) adds its lines once.
 */

/** The same bounds as the server's cart. */
export const GUEST_CART_LIMITS = { lines: MAX_CART_LINES, perLine: MAX_QUANTITY_PER_LINE } as const;

/** Fixed texts every cart item carries. */
const SELLER = CART_SELLER;
const DELIVERY_INFO = CART_DELIVERY_INFO;

/** What the guest cart knows of a product, from the public catalog (money in rupees). */
export interface GuestProduct {
  id: string;
  name: string;
  image: string | null;
  price: number;
  oldPrice: number;
  discount: number;
  sizes: string[];
  colors: string[];
  stock: number;
  stockDetail: { size: string; stock: number }[];
  /** False once the catalog no longer has it. */
  available?: boolean;
}

export interface GuestLine {
  lineId: string;
  productId: string;
  quantity: number;
  size: string | null;
  color: string | null;
  product: GuestProduct;
}

export interface GuestCart {
  mergeKey: string;
  lines: GuestLine[];
}

const KEY = 'guestCart';

function newId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  // Older browsers: a version-4 UUID from Math.random (an id, not a secret).
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = (Math.random() * 16) | 0;
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });
}

export function readGuestCart(): GuestCart | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const cart = JSON.parse(raw) as Partial<GuestCart>;
    if (typeof cart.mergeKey !== 'string' || !Array.isArray(cart.lines)) return null;
    const lines = cart.lines.filter(
      (l): l is GuestLine =>
        Boolean(l) && typeof l.productId === 'string' && typeof l.lineId === 'string' && Number.isInteger(l.quantity) && l.quantity >= 1 && Boolean(l.product),
    );
    return lines.length ? { mergeKey: cart.mergeKey, lines } : null;
  } catch {
    return null;
  }
}

export function writeGuestCart(cart: GuestCart | null): void {
  try {
    if (cart && cart.lines.length) localStorage.setItem(KEY, JSON.stringify(cart));
    else localStorage.removeItem(KEY);
  } catch {
    /* storage unavailable: the guest cart lives only in this page */
  }
}

/** Units of the stock a line's size (or the product) has. */
function stockOf(product: GuestProduct, size: string | null): number {
  if (product.sizes.length === 0) return product.stock;
  return product.stockDetail.find((entry) => entry.size === size)?.stock ?? 0;
}

/** Units of that stock the product's other lines hold (the colours of one size share it). */
function heldByOthers(cart: GuestCart, line: Pick<GuestLine, 'productId' | 'size' | 'lineId'>, product: GuestProduct): number {
  return cart.lines
    .filter((l) => l.productId === line.productId && l.lineId !== line.lineId && (product.sizes.length === 0 || l.size === line.size))
    .reduce((sum, l) => sum + l.quantity, 0);
}

/** A refusal with the same words as the server's. */
export class GuestCartError extends Error {}

/**
 * Adds `quantity` of a product's size and colour: raises the line of that variant ('increase') or
 * sets it ('set'), within its stock (shared by the colours of a size), 100 per line and 50 lines.
 */
export function addGuestLine(
  current: GuestCart | null,
  product: GuestProduct,
  want: { quantity: number; size: string | null; color: string | null; mode: 'set' | 'increase'; lineId?: string },
): GuestCart {
  const cart: GuestCart = current ? { ...current, lines: current.lines.map((l) => ({ ...l })) } : { mergeKey: newId(), lines: [] };
  const size = product.sizes.length ? want.size : null;
  const color = product.colors.length ? (want.color ?? product.colors[0] ?? null) : null;
  if (product.sizes.length && !size) throw new GuestCartError('Please select a size');
  const existing = want.lineId
    ? cart.lines.find((l) => l.lineId === want.lineId)
    : cart.lines.find((l) => l.productId === product.id && l.size === size && l.color === color);
  const quantity = want.mode === 'increase' && existing ? existing.quantity + want.quantity : want.quantity;
  if (quantity > GUEST_CART_LIMITS.perLine) throw new GuestCartError(`You can add at most ${GUEST_CART_LIMITS.perLine} units of one product`);
  const target = existing ?? { lineId: newId(), productId: product.id, quantity, size, color, product };
  const left = stockOf(product, target.size) - heldByOthers(cart, target, product);
  if (left <= 0) throw new GuestCartError('This product is out of stock');
  if (quantity > left) throw new GuestCartError(`Only ${left} items available in stock`);
  if (!existing && cart.lines.length >= GUEST_CART_LIMITS.lines) throw new GuestCartError(`Your cart can hold at most ${GUEST_CART_LIMITS.lines} lines`);
  target.quantity = quantity;
  target.product = product;
  if (!existing) cart.lines.push(target);
  // A new key after every change: a merge already sent for the old contents cannot hide the new ones.
  return { ...cart, mergeKey: newId() };
}

/** Changes a line's size or colour; a variant another line has already is refused. */
export function changeGuestLine(current: GuestCart, lineId: string, change: { size?: string; color?: string }): GuestCart {
  const line = current.lines.find((l) => l.lineId === lineId);
  if (!line) throw new GuestCartError('Item not found in cart');
  const size = change.size ?? line.size;
  const color = change.color ?? line.color;
  if (current.lines.some((l) => l.lineId !== lineId && l.productId === line.productId && l.size === size && l.color === color)) {
    throw new GuestCartError(`${line.product.name} is already in your cart in that size and colour`);
  }
  const moved = { ...line, size, color };
  const left = stockOf(line.product, size) - heldByOthers(current, moved, line.product);
  if (size !== line.size && line.quantity > left) throw new GuestCartError(left <= 0 ? 'This product is out of stock' : `Only ${left} items available in stock`);
  return { mergeKey: newId(), lines: current.lines.map((l) => (l.lineId === lineId ? moved : l)) };
}

export function removeGuestLine(current: GuestCart, lineId: string): GuestCart {
  return { mergeKey: newId(), lines: current.lines.filter((l) => l.lineId !== lineId) };
}

/** The guest cart as the cart page shows a cart (the shape the server answers). */
export function guestCartView(cart: GuestCart | null): { items: CartItemView[]; totalItems: number; totalAmount: number; hasProblems: boolean } {
  const lines = cart?.lines ?? [];
  const wanted = new Map<string, number>();
  const key = (l: GuestLine) => `${l.productId}|${l.product.sizes.length ? (l.size ?? '') : ''}`;
  for (const l of lines) wanted.set(key(l), (wanted.get(key(l)) ?? 0) + l.quantity);
  let amountPaise = 0;
  let hasProblems = false;
  const items = lines.map((l): CartItemView => {
    const p = l.product;
    const stock = stockOf(p, l.size);
    const available = p.available !== false;
    const pricePaise = Math.round(p.price * 100);
    if (available) amountPaise += pricePaise * l.quantity;
    if (!available || wanted.get(key(l))! > stock) hasProblems = true;
    return {
      id: p.id,
      lineId: l.lineId,
      productId: p.id,
      name: p.name,
      image: p.image,
      price: p.price,
      oldPrice: Math.max(p.oldPrice, p.price),
      discountPercent: p.discount,
      quantity: l.quantity,
      properties: { size: l.size, color: l.color },
      seller: SELLER,
      deliveryInfo: DELIVERY_INFO,
      available,
      stock,
      subtotal: (pricePaise * l.quantity) / 100,
      saving: (Math.max(0, Math.round(p.oldPrice * 100) - pricePaise) * l.quantity) / 100,
      sizeOptions: [...p.sizes],
      colorOptions: [...p.colors],
      soldOutSizes: p.sizes.filter((s) => stockOf(p, s) <= 0),
    };
  });
  return { items, totalItems: lines.reduce((sum, l) => sum + l.quantity, 0), totalAmount: amountPaise / 100, hasProblems };
}

/** The guest cart with each product's facts as the catalog has them now (`null`: gone). */
export function withFreshProducts(cart: GuestCart, fresh: Map<string, GuestProduct | null>): GuestCart {
  return {
    ...cart,
    lines: cart.lines.map((l) => {
      if (!fresh.has(l.productId)) return l;
      const product = fresh.get(l.productId);
      return { ...l, product: product ?? { ...l.product, available: false } };
    }),
  };
}
