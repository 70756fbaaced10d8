import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { TextAreaField } from '../../../components/text-area-field';
import { TextField } from '../../../components/text-field';
import { payloadMessage } from '../../../lib/api-errors';
import type { Address, SessionUser } from '../../../lib/session-user';
import { useSession } from '../../../lib/session';
import { TOAST_MS } from '../../../lib/toast-durations';
import { toastFailure } from '../../../lib/toast-failure';
import { useSessionMutation } from '../../../lib/use-session-graphql';
import { ADD_ADDRESS, type AddAddressData, type AddAddressVariables } from '../api/account-documents';
import { checkoutText } from '../api/checkout-messages';
import { DEFAULT_COUNTRY } from '../api/shipping-info';

const toastOptions = { autoClose: TOAST_MS.short };
const EMPTY = { pin: '', other: '', city: '', state: '', country: '' };

/**
 * The profile's rules (spec section 5: pin and other required and trimmed), then city and state,
 * which an order cannot be shipped without; the country defaults to India.
 */
function validate(form: typeof EMPTY): { error: string } | { input: Address } {
  if (!form.pin || !form.other) return { error: checkoutText.addressRequired };
  const pin = form.pin.trim();
  const other = form.other.trim();
  if (!pin || !other) return { error: checkoutText.addressBlank };
  const city = form.city.trim();
  const state = form.state.trim();
  if (!city) return { error: checkoutText.cityRequired };
  if (!state) return { error: checkoutText.stateRequired };
  return { input: { pin, other, city, state, country: form.country.trim() || DEFAULT_COUNTRY } };
}

interface AddAddressFormProps {
  id: string;
  /** The address was saved; `user` is the account with it (last in its address list). */
  onAdded(user: SessionUser): void;
  /** Shown as a Cancel button when there are saved addresses to go back to. */
  onCancel?: () => void;
}

/** Checkout's inline form for one more saved address (the same mutation and texts as the profile). */
export function AddAddressForm({ id, onAdded, onCancel }: AddAddressFormProps) {
  const { updateUser } = useSession();
  const [form, setForm] = useState(EMPTY);
  const { mutate: addAddress, loading } = useSessionMutation<AddAddressData, AddAddressVariables>('AddAddress', ADD_ADDRESS);
  const setField = (key: keyof typeof EMPTY) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(form);
    if ('error' in checked) {
      toast.error(checked.error, toastOptions);
      return;
    }
    try {
      const { addAddress: payload } = await addAddress({ input: checked.input });
      const user = payload.user;
      if (!payload.success || !user) {
        toast.error(payloadMessage(payload, checkoutText.addressFailed), toastOptions);
        return;
      }
      updateUser(user);
      setForm(EMPTY);
      toast.success(checkoutText.addressAdded, toastOptions);
      onAdded(user);
    } catch (error) {
      toastFailure(error, checkoutText.addressFailed, toastOptions);
    }
  }

  return (
    <form id={id} className="form checkout-add" onSubmit={submit} noValidate>
      <h3 className="checkout-add__title">
        Add a new address
      </h3>
      <div className="form__grid">
        <TextField
          label="PIN code"
          name="pin"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={7}
          required
          value={form.pin}
          onValueChange={setField('pin')}
        />
        <TextField label="City" name="city" autoComplete="address-level2" required value={form.city} onValueChange={setField('city')} />
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
        <TextField label="State" name="state" autoComplete="address-level1" required value={form.state} onValueChange={setField('state')} />
        <TextField
          label="Country"
          name="country"
          autoComplete="country-name"
          optional
          placeholder={DEFAULT_COUNTRY}
          value={form.country}
          onValueChange={setField('country')}
        />
      </div>
      <div className="checkout-add__actions">
        <button type="submit" className="btn btn--primary" disabled={loading}>
          {loading ? 'Adding...' : 'Add Address'}
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
