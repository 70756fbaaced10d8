import { useEffect, useId, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { addressBookMessages, ADDRESS_LIMITS, PIN_PATTERN } from '@shop/proto-contracts/web';
import { INDIAN_STATES } from '@shop/proto-contracts/web';
import { PIN_CODE } from '../lib/account-documents';
import { graphqlRequest } from '../lib/graphql-request';
import type { Address } from '../lib/session-user';
import { TextField } from './text-field';

/** An address-book entry as typed, before `checkAddressEntry` trims and checks it. */
export interface AddressFormValues {
  recipientName: string;
  phone: string;
  line1: string;
  line2: string;
  landmark: string;
  pin: string;
  city: string;
  district: string;
  state: string;
}

export const EMPTY_ADDRESS_FORM: AddressFormValues = { recipientName: '', phone: '', line1: '', line2: '', landmark: '', pin: '', city: '', district: '', state: '' };

/** The form's values for editing a saved address (an older address: its text as line 1). */
export function addressFormValuesOf(address: Address): AddressFormValues {
  return {
    recipientName: address.recipientName ?? '',
    phone: address.phone ?? '',
    line1: address.line1 ?? address.other,
    line2: address.line2 ?? '',
    landmark: address.landmark ?? '',
    pin: address.pin,
    city: address.city ?? '',
    district: address.district ?? '',
    state: address.state ?? '',
  };
}

type PinStatus =
  | { kind: 'idle' }
  | { kind: 'looking' }
  | { kind: 'found'; text: string; districts: string[]; cities: string[] }
  | { kind: 'unknown' }
  | { kind: 'failed' };

interface AddressFieldsProps {
  values: AddressFormValues;
  onChange: Dispatch<SetStateAction<AddressFormValues>>;
  /** The account's default phone, offered when the phone field is empty. */
  phonePlaceholder?: string;
}

/**
 * The fields of an address-book entry, PIN code first: six digits look the PIN up in India
 * Post's directory (through the server) and fill in city, district and state. A PIN whose post
 * offices lie in several districts offers them to choose from (the server takes no other,
 * decision 0100); the city offers the PIN's districts and post-office localities and takes any
 * other town too. The state is one of the 36 states and union territories.
 */
export function AddressFields({ values, onChange, phonePlaceholder }: AddressFieldsProps) {
  const id = useId();
  const [pinStatus, setPinStatus] = useState<PinStatus>({ kind: 'idle' });
  const setField = (key: keyof AddressFormValues) => (value: string) => onChange((current) => ({ ...current, [key]: value }));
  // An address being edited already has its place: look up only a PIN the shopper types.
  const lastLookup = useRef(values.pin.trim());
  const pin = values.pin.trim();

  useEffect(() => {
    if (!PIN_PATTERN.test(pin)) {
      lastLookup.current = '';
      setPinStatus({ kind: 'idle' });
      return;
    }
    if (lastLookup.current === pin) return;
    lastLookup.current = pin;
    let current = true;
    setPinStatus({ kind: 'looking' });
    graphqlRequest(PIN_CODE, { pin })
      .then(({ pinCode: place }) => {
        if (!current) return;
        if (!place) {
          setPinStatus({ kind: 'unknown' });
          return;
        }
        const cities = [...new Set([...place.districts, ...place.localities])];
        setPinStatus({ kind: 'found', text: `${place.districts.join(' or ')}, ${place.state}`, districts: place.districts, cities });
        onChange((form) => ({ ...form, city: place.city, district: place.district, state: place.state }));
      })
      .catch(() => current && setPinStatus({ kind: 'failed' }));
    return () => {
      current = false;
    };
  }, [pin, onChange]);

  const pinHint =
    pinStatus.kind === 'looking'
      ? 'Looking up the PIN code…'
      : pinStatus.kind === 'found'
        ? pinStatus.text
        : pinStatus.kind === 'failed'
          ? 'Could not look up the PIN code: please fill in city and state'
          : 'Six digits: city, district and state fill in';

  return (
    <>
      <div className="form__grid">
        <TextField
          label="PIN code"
          name="pin"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          required
          value={values.pin}
          onValueChange={(value) => setField('pin')(value.replace(/\D/g, ''))}
          hint={pinStatus.kind === 'unknown' ? undefined : pinHint}
          aria-invalid={pinStatus.kind === 'unknown' || undefined}
        />
        <TextField
          label="City"
          name="city"
          autoComplete="address-level2"
          required
          maxLength={ADDRESS_LIMITS.city}
          list={pinStatus.kind === 'found' ? `${id}-cities` : undefined}
          value={values.city}
          onValueChange={setField('city')}
        />
        {pinStatus.kind === 'found' ? (
          <datalist id={`${id}-cities`}>
            {pinStatus.cities.map((city) => (
              <option key={city} value={city} />
            ))}
          </datalist>
        ) : null}
      </div>
      {pinStatus.kind === 'unknown' ? (
        <p className="field__error" role="alert">
          {addressBookMessages.pinNotFound}
        </p>
      ) : null}
      <div className="form__grid">
        {pinStatus.kind === 'found' && pinStatus.districts.length > 1 ? (
          <div className="field">
            <div className="field__label-row">
              <label htmlFor={`${id}-district`} className="field__label">
                District
              </label>
            </div>
            <select id={`${id}-district`} name="district" className="field__input" value={values.district} onChange={(event) => setField('district')(event.target.value)}>
              {pinStatus.districts.map((district) => (
                <option key={district} value={district}>
                  {district}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <TextField label="District" name="district" optional maxLength={ADDRESS_LIMITS.district} value={values.district} onValueChange={setField('district')} />
        )}
        <div className="field">
          <div className="field__label-row">
            <label htmlFor={`${id}-state`} className="field__label">
              State
            </label>
          </div>
          <select id={`${id}-state`} name="state" className="field__input" autoComplete="address-level1" required value={values.state} onChange={(event) => setField('state')(event.target.value)}>
            <option value="">Choose a state</option>
            {INDIAN_STATES.map((state) => (
              <option key={state} value={state}>
                {state}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="form__grid">
        <TextField label="Full name" name="recipientName" autoComplete="name" required maxLength={ADDRESS_LIMITS.recipientName} value={values.recipientName} onValueChange={setField('recipientName')} />
        <TextField label="Mobile number" name="phone" type="tel" inputMode="tel" autoComplete="tel" required placeholder={phonePlaceholder} value={values.phone} onValueChange={setField('phone')} />
      </div>
      <TextField label="Address line 1" name="line1" autoComplete="address-line1" required maxLength={ADDRESS_LIMITS.line1} hint="House or flat number, building, street" value={values.line1} onValueChange={setField('line1')} />
      <div className="form__grid">
        <TextField label="Address line 2" name="line2" autoComplete="address-line2" optional maxLength={ADDRESS_LIMITS.line2} hint="Area or locality" value={values.line2} onValueChange={setField('line2')} />
        <TextField label="Landmark" name="landmark" optional maxLength={ADDRESS_LIMITS.landmark} value={values.landmark} onValueChange={setField('landmark')} />
      </div>
    </>
  );
}
