import { DELIVERY_PIN_STORAGE_KEY } from '@shop/proto-contracts/web';
/**
 * Local storage keys the shop uses. A `refreshToken` key is deliberately not
 * used: the refresh token lives in an httpOnly cookie that JavaScript never sees.
 */
export const STORAGE_KEYS = {
  user: 'user',
  isAuthenticated: 'isAuthenticated',
  cartItems: 'cartItems',
  shippingInfo: 'shippingInfo',
} as const;

// Storage can throw (private mode, quota, disabled cookies); the shop must keep working.
function safely(action: () => void): void {
  try {
    action();
  } catch {
    /* storage unavailable: nothing to keep */
  }
}

export function readStoredFlag(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.isAuthenticated) === 'true';
  } catch {
    return false;
  }
}

export function storeAuthenticatedUser(user: unknown): void {
  safely(() => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    localStorage.setItem(STORAGE_KEYS.isAuthenticated, 'true');
  });
}

/** Forgets who is logged in (a failed login keeps nothing of an earlier session). */
export function clearStoredAuth(): void {
  safely(() => {
    localStorage.removeItem(STORAGE_KEYS.user);
    localStorage.removeItem(STORAGE_KEYS.isAuthenticated);
  });
}

/** Everything a logout forgets: the session and the mirrored cart and shipping info. */
export function clearLocalSession(): void {
  clearStoredAuth();
  safely(() => {
    localStorage.removeItem(STORAGE_KEYS.cartItems);
    localStorage.removeItem(STORAGE_KEYS.shippingInfo);
    // The PIN last checked for delivery (decision 0068) is where the shopper lives: not for the next person.
    localStorage.removeItem(DELIVERY_PIN_STORAGE_KEY);
  });
}
