import type { Dispatch, SetStateAction } from 'react';
import { TextAreaField } from './text-area-field';
import { TextField } from './text-field';
import { DEFAULT_COUNTRY } from '../lib/default-country';

/** An address as typed, before the form's own rules trim and check it. */
export interface AddressFormValues {
  pin: string;
  other: string;
  city: string;
  state: string;
  country: string;
}

export const EMPTY_ADDRESS_FORM: AddressFormValues = { pin: '', other: '', city: '', state: '', country: '' };

export { DEFAULT_COUNTRY };

export const addressFormText = {
  required: 'Both PIN code and address details are required!',
  blank: 'PIN code and address cannot be empty!',
  cityRequired: 'Please enter the city',
  stateRequired: 'Please enter the state',
};

/**
 * The one rule for a new address, in the profile and at checkout alike: PIN code and address
 * required and trimmed, then city and state, which no order can be shipped
 * without; the country defaults to India.
 */
export function checkAddressForm(form: AddressFormValues): { error: string } | { input: { pin: string; other: string; city: string; state: string; country: string } } {
  if (!form.pin || !form.other) return { error: addressFormText.required };
  const pin = form.pin.trim();
  const other = form.other.trim();
  if (!pin || !other) return { error: addressFormText.blank };
  const city = form.city.trim();
  const state = form.state.trim();
  if (!city) return { error: addressFormText.cityRequired };
  if (!state) return { error: addressFormText.stateRequired };
  return { input: { pin, other, city, state, country: form.country.trim() || DEFAULT_COUNTRY } };
}

interface AddressFieldsProps {
  values: AddressFormValues;
  onChange: Dispatch<SetStateAction<AddressFormValues>>;
  pinMaxLength?: number;
  /** Shown in the empty Country field: the country used when none is typed. */
  countryPlaceholder?: string;
}

/** The fields of a new address (profile and checkout): PIN code and city, the address itself, state and country. */
export function AddressFields({ values, onChange, pinMaxLength, countryPlaceholder = DEFAULT_COUNTRY }: AddressFieldsProps) {
  const setField = (key: keyof AddressFormValues) => (value: string) => onChange((current) => ({ ...current, [key]: value }));
  // Required everywhere (checkAddressForm): an order cannot be shipped without them.
  const cityOrState = { required: true };
  return (
    <>
      <div className="form__grid">
        <TextField
          label="PIN code"
          name="pin"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={pinMaxLength}
          required
          value={values.pin}
          onValueChange={setField('pin')}
        />
        <TextField label="City" name="city" autoComplete="address-level2" {...cityOrState} value={values.city} onValueChange={setField('city')} />
      </div>
      <TextAreaField
        label="Address"
        name="other"
        rows={2}
        autoComplete="street-address"
        required
        value={values.other}
        onValueChange={setField('other')}
        hint="House or flat number, street, area and landmark"
      />
      <div className="form__grid">
        <TextField label="State" name="state" autoComplete="address-level1" {...cityOrState} value={values.state} onValueChange={setField('state')} />
        <TextField
          label="Country"
          name="country"
          autoComplete="country-name"
          optional
          placeholder={countryPlaceholder}
          value={values.country}
          onValueChange={setField('country')}
        />
      </div>
    </>
  );
}
