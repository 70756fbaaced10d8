import { useCallback, useEffect, useRef, useState } from 'react';
import { getErrorMessage } from '../../../lib/api-errors';
import { useSessionMutation } from '../../../lib/use-session-graphql';
import { CHECK_COUPON, type CheckoutQuote, type OrderItemInput } from '../api/checkout-documents';

const CHECK_FAILED = 'Could not check the coupon. Please try again.';

export interface CouponCodeState {
  /** The code applied, with the server's price of the order with it. */
  applied: { code: string; quote: CheckoutQuote } | null;
  /** Why the last code was refused (the server's words), or null. */
  error: string | null;
  checking: boolean;
  apply(code: string): Promise<void>;
  remove(): void;
}

/**
 * The checkout's Apply field: the server checks the code against the items (each check counts
 * against a per-shopper limit, so codes cannot be guessed) and answers the price with it. A
 * change of the items drops the applied code: its saving was for other items.
 */
export function useCouponCode(items: OrderItemInput[]): CouponCodeState {
  const { mutate, loading } = useSessionMutation(CHECK_COUPON);
  const [applied, setApplied] = useState<CouponCodeState['applied']>(null);
  const [error, setError] = useState<string | null>(null);
  const itemsRef = useRef(items);

  useEffect(() => {
    if (itemsRef.current !== items) {
      itemsRef.current = items;
      setApplied(null);
    }
  }, [items]);

  const apply = useCallback(
    async (code: string) => {
      const typed = code.trim();
      if (!typed) return setError('Please enter a coupon code');
      setError(null);
      try {
        const { checkCoupon } = await mutate({ code: typed, items });
        setApplied({ code: checkCoupon.code, quote: checkCoupon.quote });
      } catch (err) {
        setApplied(null);
        setError(getErrorMessage(err, CHECK_FAILED));
      }
    },
    [mutate, items],
  );
  const remove = useCallback(() => {
    setApplied(null);
    setError(null);
  }, []);
  return { applied, error, checking: loading, apply, remove };
}
