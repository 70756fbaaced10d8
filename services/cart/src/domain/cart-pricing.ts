import {
  CART_DELIVERY_INFO,
  CART_SELLER,
  paiseToRupees,
  savingPaise,
  type CartItemView,
  type WishlistItemView,
} from '@shop/proto-contracts';
import type { ProductSnapshotRow } from '../db/schema';
import { stockFor } from './product-snapshot';

/** A cart line with the product snapshot it points at. */
export interface PricedLine {
  lineId: string;
  quantity: number;
  size: string | null;
  color: string | null;
  product: ProductSnapshotRow;
}

/** The whole cart as the APIs show it (money in rupees). */
export interface CartView {
  /** The owner's user id. */
  id: string;
  items: CartItemView[];
  totalItems: number;
  totalAmount: number;
  hasProblems: boolean;
}

/** A line priced at the snapshot's current price: subtotal = price × quantity, saving never below 0. */
export function cartItemView(line: PricedLine): CartItemView {
  const p = line.product;
  const facts = { sizes: p.sizes, stock: p.stock, stockDetail: p.stockDetail };
  const stock = stockFor(facts, line.size);
  return {
    id: p.productId,
    lineId: line.lineId,
    productId: p.productId,
    name: p.name,
    // The chosen colour's own picture when it has one.
    image: (line.color ? p.colorThumbnails[line.color] : undefined) ?? p.image,
    price: paiseToRupees(p.price),
    oldPrice: paiseToRupees(Math.max(p.oldPrice, p.price)),
    discountPercent: p.discount,
    quantity: line.quantity,
    properties: { size: line.size, color: line.color },
    seller: CART_SELLER,
    deliveryInfo: CART_DELIVERY_INFO,
    available: !p.deleted,
    stock,
    subtotal: paiseToRupees(p.price * line.quantity),
    saving: paiseToRupees(savingPaise(p.price, p.oldPrice) * line.quantity),
    sizeOptions: [...p.sizes],
    colorOptions: [...p.colors],
    // Sizes with no stock left: the line's size chooser shows them but does not offer them.
    soldOutSizes: p.sizes.filter((size) => stockFor(facts, size) <= 0),
  };
}

/**
 * Totals of a cart: totalItems counts every unit, totalAmount only lines that can be bought;
 * hasProblems when a line's product is gone or the lines of one size (its colours together) ask
 * for more than that size has in stock.
 */
export function priceCart(userId: string, lines: PricedLine[]): CartView {
  let amountPaise = 0;
  let totalItems = 0;
  let hasProblems = false;
  const wantedOfStock = new Map<string, number>();
  const stockKey = (line: PricedLine) => `${line.product.productId}|${line.product.sizes.length === 0 ? '' : (line.size ?? '')}`;
  for (const line of lines) wantedOfStock.set(stockKey(line), (wantedOfStock.get(stockKey(line)) ?? 0) + line.quantity);
  const items = lines.map((line) => {
    const item = cartItemView(line);
    totalItems += line.quantity;
    if (item.available) amountPaise += line.product.price * line.quantity;
    if (!item.available || wantedOfStock.get(stockKey(line))! > item.stock) hasProblems = true;
    return item;
  });
  return { id: userId, items, totalItems, totalAmount: paiseToRupees(amountPaise), hasProblems };
}

export function wishlistItemView(product: ProductSnapshotRow, addedAt: Date): WishlistItemView {
  const facts = { sizes: product.sizes, stock: product.stock, stockDetail: product.stockDetail };
  return {
    productId: product.productId,
    name: product.name,
    image: product.image,
    price: paiseToRupees(product.price),
    oldPrice: paiseToRupees(Math.max(product.oldPrice, product.price)),
    discountPercent: product.discount,
    available: !product.deleted,
    inStock: !product.deleted && product.stock > 0,
    addedAt: addedAt.toISOString(),
    sizeOptions: [...product.sizes],
    colorOptions: [...product.colors],
    soldOutSizes: product.sizes.filter((size) => stockFor(facts, size) <= 0),
  };
}
