import { streetLineOf } from '@shop/proto-contracts/web';
import type { Address } from '../lib/session-user';

/** City, district (when it is not the city), state and PIN: 'Bengaluru, Bangalore district, Karnataka – 560001'. */
export function placeLineOf(address: Address): string {
  const district = address.district && address.district !== address.city ? `${address.district} district` : null;
  const place = [address.city, district, address.state].filter(Boolean).join(', ');
  return place ? `${place} – ${address.pin}` : address.pin;
}

/** A saved address as the profile and checkout show it: recipient, street part, place and PIN, phone. */
export function AddressLines({ address }: { address: Address }) {
  return (
    <span className="address-lines">
      {address.recipientName ? <strong className="address-lines__name">{address.recipientName}</strong> : null}
      <span>{streetLineOf(address)}</span>
      <span>{placeLineOf(address)}</span>
      {address.phone ? <span className="address-lines__phone">Phone: {address.phone}</span> : null}
    </span>
  );
}
