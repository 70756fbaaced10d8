import { useState, type FormEvent } from 'react';
import { AddressFields, checkAddressForm, EMPTY_ADDRESS_FORM } from '../../../components/address-fields';
import type { SessionUser } from '../../../lib/session-user';
import { useAccountChange } from '../../../lib/use-account-change';
import { ADD_ADDRESS, type AddAddressData, type AddAddressVariables } from '../../../lib/account-documents';
import { checkoutText } from '../api/checkout-messages';
import { CheckoutAddForm } from './checkout-add-form';


const TEXTS = { done: checkoutText.addressAdded, failed: checkoutText.addressFailed };

interface AddAddressFormProps {
  id: string;
  /** The address was saved; `user` is the account with it (last in its address list). */
  onAdded(user: SessionUser): void;
  /** Shown as a Cancel button when there are saved addresses to go back to. */
  onCancel?: () => void;
}

/** Checkout's inline form for one more saved address (the same mutation and texts as the profile). */
export function AddAddressForm({ id, onAdded, onCancel }: AddAddressFormProps) {
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
    const user = await save({ input: checked.input });
    if (!user) return;
    setForm(EMPTY_ADDRESS_FORM);
    onAdded(user);
  }

  return (
    <CheckoutAddForm id={id} title="Add a new address" submitLabel="Add Address" loading={loading} onSubmit={submit} onCancel={onCancel}>
      <AddressFields values={form} onChange={setForm} pinMaxLength={7} />
    </CheckoutAddForm>
  );
}
