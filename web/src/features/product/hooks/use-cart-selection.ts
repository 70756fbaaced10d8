import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { useCart, type CartItem } from '../../../lib/cart-store';
import { cartMessages } from '@shop/proto-contracts/web';
import { toastFailure } from '../../../lib/toast-failure';

interface ProductRef {
  id: string;
  name: string;
  size: string[];
  colors: string[];
}

export interface CartSelectionState {
  /** The product's cart line, when it is in the cart. */
  line: CartItem | undefined;
  size: string | null;
  color: string | null;
  quantity: number;
  /** A change of an in-cart line is on its way. */
  busy: boolean;
  chooseSize(size: string): void;
  chooseColor(color: string): void;
  chooseQuantity(quantity: number): void;
}

/**
 * The product page's size, colour and quantity. Not in the cart: local choices (first size still
 * in stock and first colour preselected, quantity 1). In the cart: the line's values, and a change
 * goes to the server at once (quantity → addToCart, size/colour → updateCartItem if different).
 */
export function useCartSelection(product: ProductRef, stockOf: (size: string) => number): CartSelectionState {
  const store = useCart();
  const line = store.itemOf(product.id);
  const [size, setSize] = useState<string | null>(
    () => product.size.find((option) => stockOf(option) > 0) ?? product.size[0] ?? null,
  );
  const [color, setColor] = useState<string | null>(product.colors[0] ?? null);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<unknown>, success: string, fallback: string) {
    setBusy(true);
    try {
      await action();
      toast.success(success);
    } catch (error) {
      toastFailure(error, fallback);
    } finally {
      setBusy(false);
    }
  }

  function updateProperty(change: { size: string } | { color: string }) {
    if (!line || busy) return;
    const key = 'size' in change ? 'size' : 'color';
    const next = 'size' in change ? change.size : change.color;
    if (line.properties[key] === next) return;
    void run(
      () => store.updateCartItem(product.id, change),
      cartMessages.propertiesUpdated(product.name),
      cartMessages.updateFailed,
    );
  }

  return {
    line,
    size: line ? (line.properties.size ?? size) : size,
    color: line ? (line.properties.color ?? color) : color,
    quantity: line ? line.quantity : quantity,
    busy,
    chooseSize(next) {
      if (line) {
        updateProperty({ size: next });
        return;
      }
      setSize(next);
      setQuantity((current) => Math.max(1, Math.min(current, stockOf(next))));
    },
    chooseColor(next) {
      if (line) updateProperty({ color: next });
      else setColor(next);
    },
    chooseQuantity(next) {
      if (next < 1) {
        toast.error(cartMessages.quantityBelowOne);
        return;
      }
      if (!line) {
        setQuantity(next);
        return;
      }
      if (busy || next === line.quantity) return;
      void run(
        () => store.addToCart(product.id, next, line.properties),
        cartMessages.quantityUpdated(product.name),
        cartMessages.addOrRemoveFailed,
      );
    },
  };
}
