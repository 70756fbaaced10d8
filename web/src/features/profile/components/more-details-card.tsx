import { useState } from 'react';
import { AddressForm } from '../../../components/address-form';
import { AddressLines } from '../../../components/address-lines';
import { useDialogs } from '../../../components/confirm-dialog';
import { MapPinIcon, PhoneIcon } from '../../../components/icons';
import { DELETE_ADDRESS, DELETE_PHONE, MAKE_DEFAULT_ADDRESS, MAKE_DEFAULT_PHONE } from '../../../lib/account-documents';
import type { SessionUser } from '../../../lib/session-user';
import { useAccountChange } from '../../../lib/use-account-change';

/** The profile shows 1 phone and 1 address until 'See All' is used. */
const SHOWN_BY_DEFAULT = 1;

function DefaultBadge({ index }: { index: number }) {
  return index === 0 ? <span className="badge badge--primary">Default</span> : null;
}

/** '1 more address', '2 more phone numbers': each list counted on its own. */
function moreText(count: number, one: string, many: string): string | null {
  return count > 0 ? `${count} more ${count === 1 ? one : many}` : null;
}

/** The saved phones and the address book: Default badge, make default, delete, and edit for addresses. */
export function MoreDetailsCard({ user }: { user: SessionUser }) {
  const [expanded, setExpanded] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const dialogs = useDialogs();
  const deleteAddress = useAccountChange(DELETE_ADDRESS, (d) => d.deleteAddress, {
    done: 'Address deleted',
    failed: 'Failed to delete the address. Please try again.',
  });
  const defaultAddress = useAccountChange(MAKE_DEFAULT_ADDRESS, (d) => d.makeDefaultAddress, {
    done: 'Default address changed',
    failed: 'Failed to change the default address. Please try again.',
  });
  const deletePhone = useAccountChange(DELETE_PHONE, (d) => d.deletePhone, {
    done: 'Phone number deleted',
    failed: 'Failed to delete the phone number. Please try again.',
  });
  const defaultPhone = useAccountChange(MAKE_DEFAULT_PHONE, (d) => d.makeDefaultPhone, {
    done: 'Default phone number changed',
    failed: 'Failed to change the default phone number. Please try again.',
  });

  const phones = expanded ? user.phone : user.phone.slice(0, SHOWN_BY_DEFAULT);
  const addresses = expanded ? user.address : user.address.slice(0, SHOWN_BY_DEFAULT);
  const hiddenPhones = Math.max(0, user.phone.length - SHOWN_BY_DEFAULT);
  const hiddenAddresses = Math.max(0, user.address.length - SHOWN_BY_DEFAULT);
  const more = [moreText(hiddenAddresses, 'address', 'addresses'), moreText(hiddenPhones, 'phone number', 'phone numbers')].filter(Boolean).join(' and ');

  async function removePhone(phone: string) {
    if (await dialogs.confirm(`Delete the phone number ${phone}?`, { confirmLabel: 'Delete', danger: true })) await deletePhone.save({ phone });
  }

  async function removeAddress(id: string) {
    if (await dialogs.confirm('Delete this address from your address book?', { confirmLabel: 'Delete', danger: true })) await deleteAddress.save({ id });
  }

  return (
    <section className="card">
      <h2 className="card__title">More Details</h2>
      <div className="details-columns" id="more-details-lists">
        <div>
          <h3 className="details-heading">
            <PhoneIcon size={18} /> Phone numbers
          </h3>
          {phones.length ? (
            <ul className="details-list" aria-label="Saved phones">
              {phones.map((phone, index) => (
                <li key={phone} className="details-item">
                  <span>{phone}</span>
                  <span className="details-item__actions">
                    <DefaultBadge index={index} />
                    {index > 0 ? (
                      <button type="button" className="btn btn--ghost btn--sm" onClick={() => void defaultPhone.save({ phone })} aria-label={`Make ${phone} the default`}>
                        Make default
                      </button>
                    ) : null}
                    <button type="button" className="btn btn--ghost btn--sm" onClick={() => void removePhone(phone)} aria-label={`Delete ${phone}`}>
                      Delete
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No phone numbers saved yet.</p>
          )}
        </div>
        <div>
          <h3 className="details-heading">
            <MapPinIcon size={18} /> Addresses
          </h3>
          {addresses.length ? (
            <ul className="details-list" aria-label="Address book">
              {addresses.map((address, index) =>
                editing === address.id ? (
                  <li key={address.id} className="details-item details-item--form">
                    <AddressForm id={`edit-${address.id}`} title="Edit address" address={address} onSaved={() => setEditing(null)} onCancel={() => setEditing(null)} />
                  </li>
                ) : (
                  <li key={address.id} className="details-item details-item--address">
                    <AddressLines address={address} />
                    <span className="details-item__actions">
                      <DefaultBadge index={index} />
                      <button type="button" className="btn btn--ghost btn--sm" onClick={() => setEditing(address.id)}>
                        Edit
                      </button>
                      <button type="button" className="btn btn--ghost btn--sm" onClick={() => void removeAddress(address.id)}>
                        Delete
                      </button>
                      {index > 0 ? (
                        <button type="button" className="btn btn--ghost btn--sm" onClick={() => void defaultAddress.save({ id: address.id })}>
                          Make default
                        </button>
                      ) : null}
                    </span>
                  </li>
                ),
              )}
            </ul>
          ) : (
            <p className="muted">No addresses saved yet.</p>
          )}
        </div>
      </div>
      {more ? (
        <div className="details-toggle">
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            aria-expanded={expanded}
            aria-controls="more-details-lists"
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? 'Show Less' : 'See All'}
          </button>
          {!expanded ? <span className="muted">{more}</span> : null}
        </div>
      ) : null}
    </section>
  );
}
