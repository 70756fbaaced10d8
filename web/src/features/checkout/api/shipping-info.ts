import { shippingAddressText } from '@shop/proto-contracts/web';
import type { Address } from '../../../lib/session-user';
import { DEFAULT_COUNTRY } from '../../../lib/default-country';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import type { ShippingInfoInput } from './checkout-documents';

/** The shipping info kept in local storage (`shippingInfo`), cleared on logout. */
export interface ShippingInfo {
  address: string;
  city: string;
  state: string;
  country: string;
  pinCode: number;
  phoneNo: string;
}


/** City and state typed at checkout for a saved address that has none. */
export interface PlaceFill {
  city: string;
  state: string;
}

/** What a saved address still lacks before it can be shipped to. */
export function missingPlaceOf(address: Address): { city: boolean; state: boolean } {
  return { city: !address.city?.trim(), state: !address.state?.trim() };
}

/**
 * The shipping info of a saved address and phone: the order keeps one address line, so the
 * recipient, street part, landmark and district are written into it (`shippingAddressText`,
 * decision 0065); city and state come from the address or, for an older address without them,
 * from what was typed at checkout; the country defaults to India. The phone keeps only its digits
 * and the PIN code becomes a number.
 */
export function toShippingInfo(address: Address, phone: string, fill: PlaceFill): ShippingInfo {
  return {
    address: shippingAddressText(address),
    city: address.city?.trim() || fill.city.trim(),
    state: address.state?.trim() || fill.state.trim(),
    country: address.country?.trim() || DEFAULT_COUNTRY,
    pinCode: Number(address.pin.replace(/\D/g, '')),
    phoneNo: phone.replace(/\D/g, ''),
  };
}

/** The order subgraph takes the PIN code as text (it checks the 6 digits itself). */
export function toShippingInput(info: ShippingInfo): ShippingInfoInput {
  return { ...info, pinCode: String(info.pinCode) };
}

export function storeShippingInfo(info: ShippingInfo): void {
  try {
    localStorage.setItem(STORAGE_KEYS.shippingInfo, JSON.stringify(info));
  } catch {
    /* storage unavailable: the order is placed all the same */
  }
}
