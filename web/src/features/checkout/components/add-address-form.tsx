import { AddressForm } from '../../../components/address-form';
import type { SessionUser } from '../../../lib/session-user';

interface AddAddressFormProps {
  id: string;
  /** The account's default phone, to start the phone field with. */
  defaultPhone?: string;
  /** The address was saved; `user` is the account with it (last in its address list). */
  onAdded(user: SessionUser): void;
  /** Shown as a Cancel button when there are saved addresses to go back to. */
  onCancel?: () => void;
}

/** Checkout's inline form for one more saved address (the same form and texts as the profile). */
export function AddAddressForm({ id, defaultPhone, onAdded, onCancel }: AddAddressFormProps) {
  return (
    <div className="checkout-add">
      <AddressForm id={id} title="Add a new address" defaultPhone={defaultPhone} onSaved={onAdded} onCancel={onCancel} />
    </div>
  );
}
