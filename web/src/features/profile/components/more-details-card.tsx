import { useState } from 'react';
import { MapPinIcon, PhoneIcon } from '../../../components/icons';
import type { Address, SessionUser } from '../../../lib/session-user';

/** The profile shows 1 phone and 1 address until 'See All' is used. */
const SHOWN_BY_DEFAULT = 1;

function formatAddress(address: Address): string {
  const place = [address.city, address.state, address.country].map((part) => part?.trim()).filter(Boolean);
  return [address.other, ...place].join(', ') + ` – ${address.pin}`;
}

function PrimaryBadge({ index }: { index: number }) {
  return index === 0 ? <span className="badge badge--primary">Primary</span> : null;
}

export function MoreDetailsCard({ user }: { user: SessionUser }) {
  const [expanded, setExpanded] = useState(false);
  const phones = expanded ? user.phone : user.phone.slice(0, SHOWN_BY_DEFAULT);
  const addresses = expanded ? user.address : user.address.slice(0, SHOWN_BY_DEFAULT);
  const hidden =
    Math.max(0, user.phone.length - SHOWN_BY_DEFAULT) + Math.max(0, user.address.length - SHOWN_BY_DEFAULT);

  return (
    <section className="card">
      <h2 className="card__title">
        More Details
      </h2>
      <div className="details-columns" id="more-details-lists">
        <div>
          <h3 className="details-heading">
            <PhoneIcon size={18} /> Phone numbers
          </h3>
          {phones.length ? (
            <ul className="details-list">
              {phones.map((phone, index) => (
                <li key={`${phone}-${index}`} className="details-item">
                  <span>{phone}</span>
                  <PrimaryBadge index={index} />
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
            <ul className="details-list">
              {addresses.map((address, index) => (
                <li key={`${address.pin}-${index}`} className="details-item">
                  <span>{formatAddress(address)}</span>
                  <PrimaryBadge index={index} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No addresses saved yet.</p>
          )}
        </div>
      </div>
      {hidden > 0 ? (
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
          {!expanded ? <span className="muted">{hidden} more saved</span> : null}
        </div>
      ) : null}
    </section>
  );
}
