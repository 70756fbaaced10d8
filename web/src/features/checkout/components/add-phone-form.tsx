import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/text-field';
import type { SessionUser } from '../../../lib/session-user';
import { useAccountChange } from '../../../lib/use-account-change';
import { ADD_PHONE } from '../../../lib/account-documents';
import { checkoutText } from '../api/checkout-messages';
import { CheckoutAddForm } from './checkout-add-form';

const TEXTS = { done: checkoutText.phoneAdded, failed: checkoutText.phoneFailed };

interface AddPhoneFormProps {
  id: string;
  /** The phone was saved; `user` is the account with it (last in its phone list). */
  onAdded(user: SessionUser): void;
  onCancel?: () => void;
}

/** Checkout's inline form for one more saved phone (the same mutation and texts as the profile). */
export function AddPhoneForm({ id, onAdded, onCancel }: AddPhoneFormProps) {
  const [phone, setPhone] = useState('');
  const { save, refuse, loading } = useAccountChange(ADD_PHONE,
    (data) => data.addPhone,
    TEXTS,
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = phone.trim();
    if (!value) {
      refuse(checkoutText.phoneEmpty);
      return;
    }
    const user = await save({ phone: value });
    if (!user) return;
    setPhone('');
    onAdded(user);
  }

  return (
    <CheckoutAddForm id={id} title="Add a new phone" submitLabel="Add Phone" loading={loading} onSubmit={submit} onCancel={onCancel}>
      <TextField
        label="Phone number"
        type="tel"
        name="phone"
        inputMode="tel"
        autoComplete="tel"
        required
        hint="A 10-digit mobile number the courier can call"
        value={phone}
        onValueChange={setPhone}
      />
    </CheckoutAddForm>
  );
}
