import { AddressForm } from '../../../components/address-form';
import type { SessionUser } from '../../../lib/session-user';

/** The profile's "Add an address" card: PIN code first (city, district and state fill in). */
export function AddAddressForm({ user }: { user: SessionUser }) {
  return (
    <section className="card">
      <h2 className="card__title">Add an address</h2>
      <AddressForm id="profile-add-address" title="New address" titleHidden defaultPhone={user.phone[0]} />
    </section>
  );
}
