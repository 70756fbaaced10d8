import { indianStateNamed, type IndianState } from './indian-states';
import { invalidPhoneMessage, normalizeIndianMobile } from './phone';

/**
 * The address book of an account (decision 0065): its limits, messages and the one way an
 * address is written out, for the profile, checkout, the order and its invoice alike. Zod-free,
 * so the web's forms import this module directly.
 */

/** Saved addresses per account. */
export const MAX_ADDRESSES = 20;

/**
 * Field lengths. They are small enough that an address written out for an order
 * (`shippingAddressText`) always fits the order's 300-character address line.
 */
export const ADDRESS_LIMITS = {
  recipientName: 50,
  line1: 80,
  line2: 60,
  landmark: 40,
  city: 60,
  district: 40,
} as const;

export const PIN_PATTERN = /^[1-9]\d{5}$/;

/** Where a PIN code is, from India Post's PIN directory (decision 0066). */
export interface PinPlace {
  pin: string;
  /** The town to fill in: the district's name (the shopper may change it). */
  city: string;
  /** The district the most post offices of this PIN are in. */
  district: string;
  /** Every district a post office of this PIN is in; `district` first. */
  districts: string[];
  /** The state the most post offices of this PIN are in. */
  state: IndianState;
  /** Every state a post office of this PIN is in (a few PINs straddle a border); `state` first. */
  states: IndianState[];
  /** The names of the PIN's post offices, the localities it covers (at most 61, decision 0100). */
  localities: string[];
}

/** "Central Delhi or New Delhi": the districts of a PIN in a message. */
const districtList = (districts: readonly string[]) => districts.join(' or ');

export const addressBookMessages = {
  pinInvalid: 'PIN code must be 6 digits',
  pinNotFound: 'This PIN code does not exist',
  pinInOtherState: (pin: string, actual: string, chosen: string) => `PIN code ${pin} is in ${actual}, not ${chosen}`,
  pinInOtherDistrict: (pin: string, districts: readonly string[], chosen: string) => `PIN code ${pin} is in ${districtList(districts)} district, not ${chosen}`,
  pinNotInCity: (pin: string, districts: readonly string[], state: string, city: string) =>
    `PIN code ${pin} is in ${districtList(districts)} district, ${state}, not in ${city}`,
  stateInvalid: 'Please choose a state or union territory from the list',
  recipientRequired: 'Please enter the name of the person receiving the parcel',
  line1Required: 'Please enter the house or flat number and street',
  cityRequired: 'Please enter the city',
  phoneRequired: 'Please enter a phone number the courier can call',
  fieldTooLong: (label: string, max: number) => `${label} must be at most ${max} characters long`,
  tooManyAddresses: `You can save at most ${MAX_ADDRESSES} addresses. Delete one you no longer need to add another.`,
  addressNotFound: 'This address is not in your address book',
  addressAdded: 'Address added successfully!',
  addressUpdated: 'Address updated successfully',
  addressDeleted: 'Address deleted',
  defaultAddressSet: 'Default address changed',
  phoneNotFound: 'This phone number is not saved on your account',
  phoneDeleted: 'Phone number deleted',
  defaultPhoneSet: 'Default phone number changed',
  pinLookupRateLimited: 'Too many PIN code lookups. Please wait a minute.',
} as const;

/** An address as the account shows it: the new fields are null on addresses saved before them. */
export interface BookAddress {
  id: string;
  isDefault: boolean;
  recipientName: string | null;
  phone: string | null;
  line1: string | null;
  line2: string | null;
  landmark: string | null;
  pin: string;
  city: string | null;
  district: string | null;
  state: string | null;
  country: string | null;
  /** The street part as one text: what addresses saved before the address book were (`{pin, other}`). */
  other: string;
}

type AddressParts = Pick<BookAddress, 'line1' | 'line2' | 'landmark' | 'other'>;

/** The street part of an address in one line: 'Flat 4, 12 MG Road, Near City Mall' (an old address: its text). */
export function streetLineOf(address: Partial<AddressParts>): string {
  if (!address.line1) return (address.other ?? '').trim();
  return [address.line1, address.line2, landmarkText(address.landmark)].filter(Boolean).join(', ');
}

/** A landmark as it reads in an address: 'Near City Mall', whether or not the shopper typed the 'near' ('Opposite …' stays as typed). */
function landmarkText(landmark: string | null | undefined): string | null {
  const text = landmark?.trim();
  if (!text) return null;
  return /^(near|opp(osite|\.)?|behind|beside|next to|in front of)\b/i.test(text) ? text : `Near ${text}`;
}

/**
 * The address of an order (the order keeps one address line besides city, state and PIN): the
 * recipient, the street part and the district when it is not the city. At most 300 characters
 * for every address the limits above allow.
 */
export function shippingAddressText(address: Partial<BookAddress>): string {
  const district = address.district && address.district !== address.city ? `${address.district} district` : null;
  return [address.recipientName, streetLineOf(address), district].filter(Boolean).join(', ');
}

/** An address as a shopper enters it (add or edit); the district comes from the PIN directory when missing. */
export interface AddressEntry {
  recipientName: string;
  phone: string;
  line1: string;
  line2?: string;
  landmark?: string;
  pin: string;
  city: string;
  district?: string;
  state: IndianState;
}

/** Trimmed text with inner runs of spaces made one; numbers (a PIN sent as a number) become their digits. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : undefined;
}

/**
 * The one check of an entered address, for the web's form and the server's schema alike: the
 * first problem as a message a shopper can act on, or the address trimmed with the state's
 * official name and the phone's 10 digits. Whether the PIN exists and lies in the state is the
 * server's check (the PIN directory is not in the web bundle).
 */
export function checkAddressEntry(input: unknown): { error: string } | { entry: AddressEntry } {
  const raw = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const field = (key: keyof AddressEntry) => textOf(raw[key]) ?? '';
  const tooLong = (label: string, key: keyof typeof ADDRESS_LIMITS) =>
    field(key).length > ADDRESS_LIMITS[key] ? addressBookMessages.fieldTooLong(label, ADDRESS_LIMITS[key]) : null;

  const recipientName = field('recipientName');
  if (!recipientName) return { error: addressBookMessages.recipientRequired };
  const phoneText = field('phone');
  if (!phoneText) return { error: addressBookMessages.phoneRequired };
  const phone = normalizeIndianMobile(phoneText);
  if (!phone) return { error: invalidPhoneMessage };
  const line1 = field('line1');
  if (!line1) return { error: addressBookMessages.line1Required };
  const pin = field('pin');
  if (!PIN_PATTERN.test(pin)) return { error: addressBookMessages.pinInvalid };
  const city = field('city');
  if (!city) return { error: addressBookMessages.cityRequired };
  const state = indianStateNamed(field('state'));
  if (!state) return { error: addressBookMessages.stateInvalid };
  const long =
    tooLong('Name', 'recipientName') ??
    tooLong('Address line 1', 'line1') ??
    tooLong('Address line 2', 'line2') ??
    tooLong('Landmark', 'landmark') ??
    tooLong('City', 'city') ??
    tooLong('District', 'district');
  if (long) return { error: long };
  const entry: AddressEntry = { recipientName, phone, line1, pin, city, state };
  if (field('line2')) entry.line2 = field('line2');
  if (field('landmark')) entry.landmark = field('landmark');
  if (field('district')) entry.district = field('district');
  return { entry };
}
