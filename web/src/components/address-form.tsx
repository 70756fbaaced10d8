import { useState, type FormEvent } from 'react';
import { addressBookMessages, checkAddressEntry } from '@shop/proto-contracts/web';
import { CREATE_ADDRESS, UPDATE_ADDRESS } from '../lib/account-documents';
import type { Address, SessionUser } from '../lib/session-user';
import { useAccountChange } from '../lib/use-account-change';
import { AddressFields, addressFormValuesOf, EMPTY_ADDRESS_FORM } from './address-fields';

const ADD_TEXTS = { done: addressBookMessages.addressAdded, failed: 'Failed to add address. Please try again.' };
const EDIT_TEXTS = { done: addressBookMessages.addressUpdated, failed: 'Failed to update the address. Please try again.' };

interface AddressFormProps {
  id: string;
  title: string;
  /** The saved address to edit; without it the form adds a new one. */
  address?: Address;
  /** The card around the form already names it: the title is then only the form's accessible name. */
  titleHidden?: boolean;
  /** The account's default phone: the phone field starts with it for a new address. */
  defaultPhone?: string;
  /** Saved; `user` is the account with the change (a new address last in its list). */
  onSaved?(user: SessionUser): void;
  onCancel?: () => void;
}

/** Adds an address to the address book or edits one (profile and checkout alike). */
export function AddressForm({ id, title, titleHidden, address, defaultPhone, onSaved, onCancel }: AddressFormProps) {
  const [form, setForm] = useState(() => (address ? addressFormValuesOf(address) : { ...EMPTY_ADDRESS_FORM, phone: defaultPhone ?? '' }));
  const create = useAccountChange(CREATE_ADDRESS, (data) => data.createAddress, ADD_TEXTS);
  const update = useAccountChange(UPDATE_ADDRESS, (data) => data.updateAddress, EDIT_TEXTS);
  const loading = create.loading || update.loading;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkAddressEntry(form);
    if ('error' in checked) {
      create.refuse(checked.error);
      return;
    }
    const user = address ? await update.save({ id: address.id, input: checked.entry }) : await create.save({ input: checked.entry });
    if (!user) return;
    if (!address) setForm({ ...EMPTY_ADDRESS_FORM, phone: defaultPhone ?? '' });
    onSaved?.(user);
  }

  return (
    <form id={id} className="form address-form" onSubmit={submit} noValidate aria-label={title}>
      {titleHidden ? null : <h3 className="address-form__title">{title}</h3>}
      <AddressFields values={form} onChange={setForm} />
      <div className="address-form__actions">
        <button type="submit" className="btn btn--primary" disabled={loading}>
          {loading ? 'Saving...' : address ? 'Save address' : 'Add Address'}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn--outline" onClick={onCancel} disabled={loading}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
