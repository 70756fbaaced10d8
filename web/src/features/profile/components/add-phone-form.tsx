import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/text-field';
import { useAccountChange } from '../../../lib/use-account-change';
import { ADD_PHONE } from '../../../lib/account-documents';

const TEXTS = { done: 'Phone number added successfully!', failed: 'Failed to add phone number. Please try again.' };

export function AddPhoneForm() {
  const [phone, setPhone] = useState('');
  const { save, refuse, loading } = useAccountChange(ADD_PHONE,
    (data) => data.addPhone,
    TEXTS,
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = phone.trim();
    if (!value) {
      refuse('Phone number cannot be empty!');
      return;
    }
    if (await save({ phone: value })) setPhone('');
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
