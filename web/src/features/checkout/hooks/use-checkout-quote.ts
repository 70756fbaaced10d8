import { useSessionQuery } from '../../../lib/use-session-graphql';
import { CHECKOUT_QUOTE, type CheckoutQuote, type OrderItemInput } from '../api/checkout-documents';

export interface CheckoutQuoteState {
  /** The server's price for these items; the previous one while a changed cart is re-priced. */
  quote: CheckoutQuote | undefined;
  loading: boolean;
  error: unknown;
  retry(): void;
}

/** The server's price of the cart's items now (nothing is reserved); asked afresh on every visit. */
export function useCheckoutQuote(items: OrderItemInput[]): CheckoutQuoteState {
  const { data, previousData, loading, error, refetch } = useSessionQuery(CHECKOUT_QUOTE,
    { items },
    { skip: items.length === 0 },
  );
  const quote = error ? undefined : (data ?? previousData)?.checkoutQuote;
  return { quote, loading, error, retry: refetch };
}
