import { randomUUID } from 'node:crypto';
import {
  addressBookMessages,
  indianStateNamed,
  MAX_ADDRESSES,
  streetLineOf,
  type AddressEntry,
  type AddressInput,
  type IndianState,
  type PinPlace,
  type PublicUser,
} from '@shop/proto-contracts';
import { badRequest, cityOfPin, districtOfPin, lookupPin, notFound, type RateLimiter } from '@shop/platform';
import type { StoredAddress } from '../db/schema';
import type { AuthDeps } from './auth-deps';
import { updateLocked } from './user.service';

/** PIN lookups per client address: a form asks once per PIN typed, so this only stops scraping. */
const PIN_LOOKUP_LIMIT = { limit: 120, windowMs: 60_000 };

/** Where a PIN code is (districts, states, post-office localities), for the address form (public); null when India Post has no such PIN. */
export async function findPinPlace(deps: { rateLimiter: RateLimiter }, pin: string, caller: { ip: string }): Promise<PinPlace | null> {
  await deps.rateLimiter.consume(`pin-lookup:${caller.ip}`, PIN_LOOKUP_LIMIT.limit, PIN_LOOKUP_LIMIT.windowMs, addressBookMessages.pinLookupRateLimited);
  return lookupPin(pin);
}

/**
 * The PIN directory's place of a PIN, refusing (400) a PIN India Post does not have or one that
 * is not in the chosen state (a PIN on a state border belongs to each of its states).
 */
export function placeOfPin(pin: string, state?: string): PinPlace {
  const place = lookupPin(pin);
  if (!place) throw badRequest(addressBookMessages.pinNotFound);
  if (state && !place.states.some((s) => s === state)) throw badRequest(addressBookMessages.pinInOtherState(pin, place.state, state));
  return place;
}

/**
 * Where an address is, as the address book stores it (decision 0100): the PIN must exist and lie
 * in the state; a district given must be one of the PIN's (any case and spacing, or its newer
 * official name) and a missing one is the PIN's; a city given must not be a place the directory
 * knows only in other states (cityOfPin), and a missing one is the PIN's. Refusals are 400s
 * naming the PIN's district(s).
 */
export function placeOfAddress(input: { pin: string; state?: IndianState; district?: string; city?: string }): { city: string; district: string; state: IndianState } {
  const place = placeOfPin(input.pin, input.state);
  const state = input.state ?? place.state;
  const district = input.district ? districtOfPin(place, input.district) : place.district;
  if (!district) throw badRequest(addressBookMessages.pinInOtherDistrict(input.pin, place.districts, input.district!));
  const city = input.city ? cityOfPin(place, input.city) : place.city;
  if (!city) throw badRequest(addressBookMessages.pinNotInCity(input.pin, place.districts, state, input.city!));
  return { city, district, state };
}

function storedAddressOf(id: string, entry: AddressEntry): StoredAddress {
  const place = placeOfAddress(entry);
  const address: StoredAddress = {
    id,
    recipientName: entry.recipientName,
    phone: entry.phone,
    line1: entry.line1,
    pin: entry.pin,
    city: place.city,
    district: place.district,
    state: place.state,
    country: 'India',
    other: '',
  };
  if (entry.line2) address.line2 = entry.line2;
  if (entry.landmark) address.landmark = entry.landmark;
  address.other = streetLineOf(address);
  return address;
}

function indexOfAddress(addresses: StoredAddress[], addressId: string): number {
  const index = addresses.findIndex((a) => a.id === addressId);
  if (index < 0) throw notFound(addressBookMessages.addressNotFound);
  return index;
}

/** Saves a new address-book entry (PIN checked against its state, district and city); at most MAX_ADDRESSES. The first one saved is the default. */
export async function addBookAddress(deps: AuthDeps, userId: string, entry: AddressEntry): Promise<{ user: PublicUser; addressId: string }> {
  const address = storedAddressOf(randomUUID(), entry);
  const user = await updateLocked(deps, userId, (row) => {
    if (row.addresses.length >= MAX_ADDRESSES) throw badRequest(addressBookMessages.tooManyAddresses);
    return { addresses: [...row.addresses, address] };
  });
  return { user, addressId: address.id };
}

/** Replaces a saved address with the entry, keeping its id and place in the list (so the default stays the default). */
export async function updateBookAddress(deps: AuthDeps, userId: string, addressId: string, entry: AddressEntry): Promise<PublicUser> {
  const address = storedAddressOf(addressId, entry);
  return updateLocked(deps, userId, (row) => {
    const index = indexOfAddress(row.addresses, addressId);
    return { addresses: row.addresses.map((a, i) => (i === index ? address : a)) };
  });
}

/** Deletes a saved address; deleting the default makes the next one the default. */
export async function deleteBookAddress(deps: AuthDeps, userId: string, addressId: string): Promise<PublicUser> {
  return updateLocked(deps, userId, (row) => {
    const index = indexOfAddress(row.addresses, addressId);
    return { addresses: row.addresses.filter((_, i) => i !== index) };
  });
}

/** Makes a saved address the default: it moves to the front, the others keep their order. */
export async function makeDefaultAddress(deps: AuthDeps, userId: string, addressId: string): Promise<PublicUser> {
  return updateLocked(deps, userId, (row) => {
    const index = indexOfAddress(row.addresses, addressId);
    return { addresses: [row.addresses[index], ...row.addresses.filter((_, i) => i !== index)] };
  });
}

/**
 * The spec's POST /addAddress `{pin, other, city?, state?, country?}`: the PIN must exist and lie
 * in the state when one is given (any case; one of the 36), the city must fit the PIN
 * (placeOfAddress); a missing city or state is the PIN directory's. At most MAX_ADDRESSES.
 */
export async function addAddress(deps: AuthDeps, userId: string, input: AddressInput): Promise<PublicUser> {
  const state = input.state ? indianStateNamed(input.state) : undefined;
  if (state === null) throw badRequest(addressBookMessages.stateInvalid);
  const place = placeOfAddress({ pin: input.pin, state, city: input.city });
  const address: StoredAddress = {
    id: randomUUID(),
    pin: input.pin,
    other: input.other,
    city: place.city,
    district: place.district,
    state: place.state,
  };
  if (input.country) address.country = input.country;
  return updateLocked(deps, userId, (row) => {
    if (row.addresses.length >= MAX_ADDRESSES) throw badRequest(addressBookMessages.tooManyAddresses);
    return { addresses: [...row.addresses, address] };
  });
}
