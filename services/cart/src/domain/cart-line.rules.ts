import { badRequest } from '@shop/platform';
import { cartMessages, type CartItemProperties } from '@shop/proto-contracts';
import { stockFor, type ProductFacts } from './product-snapshot';

/** Finds an offered option as written, or ignoring case and surrounding spaces; the offered spelling wins. */
function offered(options: string[], wanted: string): string | undefined {
  if (options.includes(wanted)) return wanted;
  const w = wanted.trim().toLowerCase();
  return options.find((o) => o.trim().toLowerCase() === w);
}

/**
 * The size and colour a line gets: a size is required (and must be offered) when the product has
 * sizes; a colour must be offered, and defaults to the first one. Products without sizes or colours
 * store null for them, whatever was sent. With `defaultSize`, a missing size becomes the first one
 * in stock for `quantity` (the first one when none is).
 */
export function resolveProperties(
  product: Pick<ProductFacts, 'sizes' | 'colors' | 'stock' | 'stockDetail'>,
  wanted: { size?: string | null; color?: string | null },
  opts: { defaultSize?: boolean; quantity?: number } = {},
): CartItemProperties {
  let size: string | null = null;
  if (product.sizes.length > 0) {
    if (wanted.size == null) {
      if (!opts.defaultSize) throw badRequest(cartMessages.sizeRequired);
      size = product.sizes.find((s) => stockFor(product, s) >= (opts.quantity ?? 1)) ?? product.sizes[0]!;
    } else {
      const match = offered(product.sizes, wanted.size);
      if (!match) throw badRequest(cartMessages.sizeUnavailable);
      size = match;
    }
  }
  let color: string | null = null;
  if (product.colors.length > 0) {
    if (wanted.color == null) color = product.colors[0]!;
    else {
      const match = offered(product.colors, wanted.color);
      if (!match) throw badRequest(cartMessages.colorUnavailable);
      color = match;
    }
  }
  return { size, color };
}

/**
 * Refuses a quantity the chosen size (or the product) does not have in stock, after the units the
 * product's other lines of that stock hold (`heldByOthers`: other colours of the same size).
 */
export function assertInStock(product: Pick<ProductFacts, 'sizes' | 'stock' | 'stockDetail'>, size: string | null, quantity: number, heldByOthers = 0): void {
  const stock = stockFor(product, size) - heldByOthers;
  if (stock <= 0) throw badRequest(cartMessages.outOfStock);
  if (quantity > stock) throw badRequest(cartMessages.onlyInStock(stock));
}
