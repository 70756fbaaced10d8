import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { TextAreaField } from '../../../components/text-area-field';
import { TextField } from '../../../components/text-field';
import { payloadMessage } from '../../../lib/api-errors';
import type { Address } from '../../../lib/session-user';
import { useSession } from '../../../lib/session';
import { TOAST_MS } from '../../../lib/toast-durations';
import { toastFailure } from '../../../lib/toast-failure';
import { useSessionMutation } from '../../../lib/use-session-graphql';
import { ADD_ADDRESS_MUTATION, type AddAddressData } from '../api/profile-documents';

const ADD_ADDRESS_ERROR = 'Failed to add address. Please try again.';
const toastOptions = { autoClose: TOAST_MS.short };

const EMPTY = { pin: '', other: '', city: '', state: '', country: '' };

/** Spec section 5: pin and other are required and trimmed; city, state and country are optional. */
function validate(form: typeof EMPTY): { error: string } | { input: Address } {
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
  const { updateUser } = useSession();
  const [form, setForm] = useState(EMPTY);
  const { mutate: addAddress, loading } = useSessionMutation<AddAddressData, { input: Address }>(
    'AddAddress',
    ADD_ADDRESS_MUTATION,
  );
  const setField = (key: keyof typeof EMPTY) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(form);
    if ('error' in checked) {
      toast.error(checked.error, toastOptions);
      return;
    }
    try {
      const data = await addAddress({ input: checked.input });
      const user = data.addAddress.user;
      if (!data.addAddress.success || !user) {
        toast.error(payloadMessage(data.addAddress, ADD_ADDRESS_ERROR), toastOptions);
        return;
      }
      updateUser(user);
      setForm(EMPTY);
      toast.success('Address added successfully!', toastOptions);
    } catch (error) {
      toastFailure(error, ADD_ADDRESS_ERROR, toastOptions);
    }
  }

  return (
    <section className="card">
      <h2 className="card__title">
        Add an address
      </h2>
      <form className="form" onSubmit={submit} noValidate>
        <div className="form__grid">
          <TextField
            label="PIN code"
            name="pin"
            inputMode="numeric"
            autoComplete="postal-code"
            required
            value={form.pin}
            onValueChange={setField('pin')}
          />
          <TextField
            label="City"
            name="city"
            autoComplete="address-level2"
            optional
            value={form.city}
            onValueChange={setField('city')}
          />
        </div>
        <TextAreaField
          label="Address"
          name="other"
          rows={2}
          autoComplete="street-address"
          required
          value={form.other}
          onValueChange={setField('other')}
          hint="House or flat number, street, area and landmark"
        />
        <div className="form__grid">
          <TextField
            label="State"
            name="state"
            autoComplete="address-level1"
            optional
            value={form.state}
            onValueChange={setField('state')}
          />
          <TextField
            label="Country"
            name="country"
            autoComplete="country-name"
            optional
            value={form.country}
            onValueChange={setField('country')}
          />
        </div>
        <button type="submit" className="btn btn--primary" disabled={loading}>
          {loading ? 'Adding...' : 'Add Address'}
        </button>
      </form>
    </section>
  );
}
