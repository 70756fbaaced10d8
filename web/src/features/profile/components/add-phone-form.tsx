import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { TextField } from '../../../components/text-field';
import { payloadMessage } from '../../../lib/api-errors';
import { useSession } from '../../../lib/session';
import { TOAST_MS } from '../../../lib/toast-durations';
import { toastFailure } from '../../../lib/toast-failure';
import { useSessionMutation } from '../../../lib/use-session-graphql';
import { ADD_PHONE_MUTATION, type AddPhoneData } from '../api/profile-documents';

const ADD_PHONE_ERROR = 'Failed to add phone number. Please try again.';
const toastOptions = { autoClose: TOAST_MS.short };

export function AddPhoneForm() {
  const { updateUser } = useSession();
  const [phone, setPhone] = useState('');
  const { mutate: addPhone, loading } = useSessionMutation<AddPhoneData, { phone: string }>('AddPhone', ADD_PHONE_MUTATION);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = phone.trim();
    if (!value) {
      toast.error('Phone number cannot be empty!', toastOptions);
      return;
    }
    try {
      const data = await addPhone({ phone: value });
      const user = data.addPhone.user;
      if (!data.addPhone.success || !user) {
        toast.error(payloadMessage(data.addPhone, ADD_PHONE_ERROR), toastOptions);
        return;
      }
      updateUser(user);
      setPhone('');
      toast.success('Phone number added successfully!', toastOptions);
    } catch (error) {
      toastFailure(error, ADD_PHONE_ERROR, toastOptions);
    }
  }

  return (
    <section className="card">
      <h2 className="card__title">
        Add a phone number
      </h2>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label="Phone number"
          type="tel"
          name="phone"
          inputMode="tel"
          autoComplete="tel"
          required
          value={phone}
          onValueChange={setPhone}
        />
        <button type="submit" className="btn btn--primary" disabled={loading}>
          {loading ? 'Adding...' : 'Add Phone'}
        </button>
      </form>
    </section>
  );
}
