import { useCallback, useState } from 'react';
import type { Address, SessionUser } from '../../../lib/session-user';
import { missingPlaceOf, type PlaceFill } from '../api/shipping-info';

const NO_FILL: PlaceFill = { city: '', state: '' };

export interface ShippingChoice {
  /** The chosen saved address and phone (the first saved ones until the shopper picks another). */
  addressIndex: number;
  phoneIndex: number;
  address: Address | null;
  phone: string | null;
  /** City and state typed for the chosen address, when it has none of its own. */
  fill: PlaceFill;
  missing: { city: boolean; state: boolean };
  chooseAddress(index: number): void;
  choosePhone(index: number): void;
  setFill(key: keyof PlaceFill, value: string): void;
}

/** Which saved address and phone the order goes to; a newly added one is chosen by the caller. */
export function useShippingChoice(user: SessionUser): ShippingChoice {
  const [addressChoice, setAddressChoice] = useState(0);
  const [phoneChoice, setPhoneChoice] = useState(0);
  // Typed city/state per saved address, so switching addresses back and forth keeps them.
  const [fills, setFills] = useState<Record<number, PlaceFill>>({});

  const addressIndex = Math.min(addressChoice, Math.max(0, user.address.length - 1));
  const phoneIndex = Math.min(phoneChoice, Math.max(0, user.phone.length - 1));
  const address = user.address[addressIndex] ?? null;
  const phone = user.phone[phoneIndex] ?? null;
  const fill = fills[addressIndex] ?? NO_FILL;

  const setFill = useCallback(
    (key: keyof PlaceFill, value: string) =>
      setFills((current) => ({ ...current, [addressIndex]: { ...(current[addressIndex] ?? NO_FILL), [key]: value } })),
    [addressIndex],
  );

  return {
    addressIndex,
    phoneIndex,
    address,
    phone,
    fill,
    missing: address ? missingPlaceOf(address) : { city: false, state: false },
    chooseAddress: setAddressChoice,
    choosePhone: setPhoneChoice,
    setFill,
  };
}
