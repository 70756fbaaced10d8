import { useState, type FormEvent } from 'react';
import { AddressFields, checkAddressForm, EMPTY_ADDRESS_FORM } from '../../../components/address-fields';
import { useAccountChange } from '../../../lib/use-account-change';
import { ADD_ADDRESS, type AddAddressData, type AddAddressVariables } from '../../../lib/account-documents';

const TEXTS = { done: 'Address added successfully!', failed: 'Failed to add address. Please try again.' };


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
    const checked = checkAddressForm(form);
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
