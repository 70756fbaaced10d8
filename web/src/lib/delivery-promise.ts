import { useEffect, useState } from 'react';
import { DELIVERY_PIN_STORAGE_KEY, normalizeDeliveryPin } from '@shop/proto-contracts/web';
import { DELIVERY_PROMISE } from './delivery-promise-documents';
import type { ResultOf } from './graphql-document';
import { useGraphQLQuery } from './use-graphql-query';
import { useSession } from './session';

/** The server's delivery promise for a PIN (decision 0068): the same day the order will keep. */
export type DeliveryPromise = ResultOf<typeof DELIVERY_PROMISE>['deliveryPromise'];

function storedPin(): string | undefined {
  try {
    return normalizeDeliveryPin(localStorage.getItem(DELIVERY_PIN_STORAGE_KEY) ?? '');
  } catch {
    return undefined;
  }
}

/**
 * The PIN the shopper checks delivery for: the one they last checked (kept in local storage), else
 * the first saved address's when logged in. Choosing one keeps it for the next page.
 */
export function useDeliveryPin(): [string | undefined, (pin: string) => void] {
  const { user } = useSession();
  const [pin, setPin] = useState<string | undefined>(() => storedPin());
  const fromAddress = normalizeDeliveryPin(user?.address[0]?.pin ?? '');
  useEffect(() => {
    if (!pin && fromAddress) setPin(fromAddress);
  }, [pin, fromAddress]);
  const choose = (next: string) => {
    setPin(next);
    try {
      localStorage.setItem(DELIVERY_PIN_STORAGE_KEY, next);
    } catch {
      /* storage unavailable: the choice lasts for this page */
    }
  };
  return [pin, choose];
}

/** The promise for a well-formed PIN (nothing is asked for another). */
export function useDeliveryPromise(pin: string | undefined) {
  // The day moves with the clock (the dispatch cut-off): not kept in the shared cache.
  return useGraphQLQuery(DELIVERY_PROMISE, { pin: pin ?? '' }, { skip: !pin, cache: false });
}
