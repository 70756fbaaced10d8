/**
 * A logged-out shopper's Add to Cart or Buy Now: the chosen size, colour and quantity are kept in
 * session storage (this tab only) while they log in, and the product page adds them on return.
 */
export interface PendingCartChoice {
  productId: string;
  size: string | null;
  color: string | null;
  quantity: number;
  /** 'buy' goes on to checkout once added. */
  action: 'add' | 'buy';
}

const KEY = 'pendingCartChoice';
/** A choice older than this (the shopper went elsewhere instead of logging in) is dropped. */
const KEEP_MS = 30 * 60 * 1000;

export function keepPendingChoice(choice: PendingCartChoice): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...choice, keptAt: Date.now() }));
  } catch {
    /* storage unavailable: the shopper chooses again after login */
  }
}

/** The kept choice for this product, removed as it is read (it is used once). */
export function takePendingChoice(productId: string): PendingCartChoice | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const choice = JSON.parse(raw) as Partial<PendingCartChoice> & { keptAt?: number };
    if (typeof choice.keptAt !== 'number' || Date.now() - choice.keptAt > KEEP_MS) {
      sessionStorage.removeItem(KEY);
      return null;
    }
    if (choice.productId !== productId) return null;
    sessionStorage.removeItem(KEY);
    const quantity = Number(choice.quantity);
    return {
      productId,
      size: typeof choice.size === 'string' ? choice.size : null,
      color: typeof choice.color === 'string' ? choice.color : null,
      quantity: Number.isInteger(quantity) && quantity >= 1 ? quantity : 1,
      action: choice.action === 'buy' ? 'buy' : 'add',
    };
  } catch {
    return null;
  }
}
