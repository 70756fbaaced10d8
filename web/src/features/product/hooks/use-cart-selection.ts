import { useEffect, useState } from 'react';
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
  /** The cart line of the chosen size and colour, when the cart has it. */
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
 * The product page's size, colour and quantity. Size and colour choose a variant: they start at
 * the product's first line in the cart, else at the first size still in stock and the first colour
 * (spec), and choosing another one never changes a line (the cart holds one line per size and
 * colour, decision 0062; the cart page changes a line's choices). When the chosen variant is in the
 * cart, the quantity is that line's and a step goes to the server at once (addToCart by line id).
 */
export function useCartSelection(product: ProductRef, stockOf: (size: string) => number): CartSelectionState {
  const store = useCart();
  const [first] = store.linesOf(product.id);
  const [size, setSize] = useState<string | null>(
    () => first?.properties.size ?? product.size.find((option) => stockOf(option) > 0) ?? product.size[0] ?? null,
  );
  const [color, setColor] = useState<string | null>(() => first?.properties.color ?? product.colors[0] ?? null);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  // The cart may arrive after the page (a fresh load): until the shopper chooses, show its first line.
  const [chosen, setChosen] = useState(false);
  useEffect(() => {
    if (chosen || !first) return;
    setSize(first.properties.size);
    setColor(first.properties.color);
  }, [chosen, first?.lineId]);
  const line = store.lineOf(product.id, product.size.length ? size : null, product.colors.length ? color : null);

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

  return {
    line,
    size,
    color,
    quantity: line ? line.quantity : quantity,
    busy,
    chooseSize(next) {
      setChosen(true);
      setSize(next);
      setQuantity((current) => Math.max(1, Math.min(current, stockOf(next))));
    },
    chooseColor(next) {
      setChosen(true);
      setColor(next);
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
        () => store.addToCart(product.id, next, line.properties, { lineId: line.lineId, mode: 'set' }),
        cartMessages.quantityUpdated(product.name),
        cartMessages.addOrRemoveFailed,
      );
    },
  };
}
