import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { TextField } from '../../../components/text-field';
import { payloadMessage } from '../../../lib/api-errors';
import type { SessionUser } from '../../../lib/session-user';
import { useSession } from '../../../lib/session';
import { TOAST_MS } from '../../../lib/toast-durations';
import { toastFailure } from '../../../lib/toast-failure';
import { useSessionMutation } from '../../../lib/use-session-graphql';
import { ADD_PHONE, type AddPhoneData, type AddPhoneVariables } from '../api/account-documents';
import { checkoutText } from '../api/checkout-messages';

const toastOptions = { autoClose: TOAST_MS.short };

interface AddPhoneFormProps {
  id: string;
  /** The phone was saved; `user` is the account with it (last in its phone list). */
  onAdded(user: SessionUser): void;
  onCancel?: () => void;
}

/** Checkout's inline form for one more saved phone (the same mutation and texts as the profile). */
export function AddPhoneForm({ id, onAdded, onCancel }: AddPhoneFormProps) {
  const { updateUser } = useSession();
  const [phone, setPhone] = useState('');
  const { mutate: addPhone, loading } = useSessionMutation<AddPhoneData, AddPhoneVariables>('AddPhone', ADD_PHONE);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = phone.trim();
    if (!value) {
      toast.error(checkoutText.phoneEmpty, toastOptions);
      return;
    }
    try {
      const { addPhone: payload } = await addPhone({ phone: value });
      const user = payload.user;
      if (!payload.success || !user) {
        toast.error(payloadMessage(payload, checkoutText.phoneFailed), toastOptions);
        return;
      }
      updateUser(user);
      setPhone('');
      toast.success(checkoutText.phoneAdded, toastOptions);
      onAdded(user);
    } catch (error) {
      toastFailure(error, checkoutText.phoneFailed, toastOptions);
    }
  }

  return (
    <form id={id} className="form checkout-add" onSubmit={submit} noValidate>
      <h3 className="checkout-add__title">
        Add a new phone
      </h3>
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
      <div className="checkout-add__actions">
        <button type="submit" className="btn btn--primary" disabled={loading}>
          {loading ? 'Adding...' : 'Add Phone'}
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
