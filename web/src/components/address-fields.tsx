import type { Dispatch, SetStateAction } from 'react';
import { TextAreaField } from './text-area-field';
import { TextField } from './text-field';

/** An address as typed, before the form's own rules trim and check it. */
export interface AddressFormValues {
  pin: string;
  other: string;
  city: string;
  state: string;
  country: string;
}

export const EMPTY_ADDRESS_FORM: AddressFormValues = { pin: '', other: '', city: '', state: '', country: '' };

interface AddressFieldsProps {
  values: AddressFormValues;
  onChange: Dispatch<SetStateAction<AddressFormValues>>;
  /** City and state marked required (an order cannot be shipped without them) instead of optional. */
  cityAndStateRequired?: boolean;
  pinMaxLength?: number;
  /** Shown in the empty Country field: the country used when none is typed. */
  countryPlaceholder?: string;
}

/** The fields of a new address (profile and checkout): PIN code and city, the address itself, state and country. */
export function AddressFields({ values, onChange, cityAndStateRequired = false, pinMaxLength, countryPlaceholder }: AddressFieldsProps) {
  const setField = (key: keyof AddressFormValues) => (value: string) => onChange((current) => ({ ...current, [key]: value }));
  const cityOrState = cityAndStateRequired ? { required: true } : { optional: true };
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
