import { useState, type FormEvent } from 'react';
import { AddressFields, EMPTY_ADDRESS_FORM, type AddressFormValues } from '../../../components/address-fields';
import type { Address } from '../../../lib/session-user';
import { useAccountChange } from '../../../lib/use-account-change';
import { ADD_ADDRESS, type AddAddressData, type AddAddressVariables } from '../../../lib/account-documents';

const TEXTS = { done: 'Address added successfully!', failed: 'Failed to add address. Please try again.' };

/** Spec section 5: pin and other are required and trimmed; city, state and country are optional. */
function validate(form: AddressFormValues): { error: string } | { input: Address } {
  if (!form.pin || !form.other) return { error: 'Both PIN code and address details are required!' };
  const pin = form.pin.trim();
  const other = form.other.trim();
  if (!pin || !other) return { error: 'PIN code and address cannot be empty!' };
  const input: Address = { pin, other };
  for (const key of ['city', 'state', 'country'] as const) {
    const value = form[key].trim();
    if (value) input[key] = value;
  }
  return { input };
}

export function AddAddressForm() {
  const [form, setForm] = useState(EMPTY_ADDRESS_FORM);
  const { save, refuse, loading } = useAccountChange<AddAddressData, AddAddressVariables>(
    'AddAddress',
    ADD_ADDRESS,
    (data) => data.addAddress,
    TEXTS,
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(form);
    if ('error' in checked) {
      refuse(checked.error);
      return;
    }
    if (await save({ input: checked.input })) setForm(EMPTY_ADDRESS_FORM);
  }

  return (
    <section className="card">
      <h2 className="card__title">
        Add an address
      </h2>
      <form className="form" onSubmit={submit} noValidate>
        <AddressFields values={form} onChange={setForm} />
        <button type="submit" className="btn btn--primary" disabled={loading}>
          {loading ? 'Adding...' : 'Add Address'}
        </button>
      </form>
    </section>
  );
}
