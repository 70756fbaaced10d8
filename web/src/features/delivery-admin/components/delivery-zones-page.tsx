import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify/unstyled';
import { MAX_DELIVERY_DAYS, MIN_DELIVERY_DAYS, PIN_PREFIX_PATTERN, deliveryMessages } from '@shop/proto-contracts/web';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { toastFailure } from '../../../lib/toast-failure';
import { useSessionMutation, useSessionQuery } from '../../../lib/use-session-graphql';
import { CREATE_DELIVERY_ZONE, DELETE_DELIVERY_ZONE, DELIVERY_ZONES, UPDATE_DELIVERY_ZONE, type DeliveryZone, type DeliveryZoneFields } from '../api/delivery-zone-documents';

const SAVE_FAILED = 'Could not save the delivery zone. Please try again.';

/** One zone: staff change its service, cash on delivery and days, or delete it. */
function ZoneRow({ zone, onSaved }: { zone: DeliveryZone; onSaved(): void }) {
  const update = useSessionMutation(UPDATE_DELIVERY_ZONE);
  const remove = useSessionMutation(DELETE_DELIVERY_ZONE);
  const [serviceable, setServiceable] = useState(zone.serviceable);
  const [cod, setCod] = useState(zone.codAvailable);
  const [days, setDays] = useState(String(zone.deliveryDays));
  const changed = serviceable !== zone.serviceable || cod !== zone.codAvailable || days !== String(zone.deliveryDays);
  const save = async () => {
    try {
      await update.mutate({ pinPrefix: zone.pinPrefix, input: { serviceable, codAvailable: cod, deliveryDays: Number(days) } });
      toast.success(`Delivery zone ${zone.pinPrefix} saved`);
      onSaved();
    } catch (failure) {
      toastFailure(failure, SAVE_FAILED);
    }
  };
  const drop = async () => {
    try {
      await remove.mutate({ pinPrefix: zone.pinPrefix });
      toast.success(`Delivery zone ${zone.pinPrefix} deleted`);
      onSaved();
    } catch (failure) {
      toastFailure(failure, SAVE_FAILED);
    }
  };
  return (
    <tr>
      <td>{zone.pinPrefix}</td>
      <td data-label="Zone">{zone.label}</td>
      <td data-label="Delivers">
        <input type="checkbox" aria-label={`Delivers to ${zone.label}`} checked={serviceable} onChange={(e) => setServiceable(e.target.checked)} />
      </td>
      <td data-label="Cash on delivery">
        <input type="checkbox" aria-label={`Cash on delivery in ${zone.label}`} checked={cod} onChange={(e) => setCod(e.target.checked)} />
      </td>
      <td data-label="Working days">
        <input
          className="field__input delivery-admin__days"
          type="number"
          min={MIN_DELIVERY_DAYS}
          max={MAX_DELIVERY_DAYS}
          aria-label={`Working days to ${zone.label}`}
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
      </td>
      <td data-label="">
        <span className="delivery-admin__row-actions">
          {changed ? (
            <button type="button" className="btn btn--primary btn--sm" disabled={update.loading} onClick={() => void save()}>
              Save
            </button>
          ) : null}
          <button type="button" className="btn btn--outline btn--sm" disabled={remove.loading} onClick={() => void drop()} aria-label={`Delete zone ${zone.pinPrefix}`}>
            Delete
          </button>
        </span>
      </td>
    </tr>
  );
}

const EMPTY: DeliveryZoneFields = { pinPrefix: '', label: '', serviceable: true, codAvailable: true, deliveryDays: 4 };

/** Staff add a zone for a PIN prefix. */
function AddZone({ onSaved }: { onSaved(): void }) {
  const { mutate, loading } = useSessionMutation(CREATE_DELIVERY_ZONE);
  const [zone, setZone] = useState<DeliveryZoneFields>(EMPTY);
  const set = <K extends keyof DeliveryZoneFields>(key: K, value: DeliveryZoneFields[K]) => setZone((z) => ({ ...z, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const prefix = zone.pinPrefix.trim();
    if (!PIN_PREFIX_PATTERN.test(prefix)) {
      toast.error(deliveryMessages.prefixInvalid);
      return;
    }
    try {
      await mutate({ input: { ...zone, pinPrefix: prefix, label: zone.label.trim() } });
      toast.success(`Delivery zone ${prefix} added`);
      setZone(EMPTY);
      onSaved();
    } catch (failure) {
      toastFailure(failure, SAVE_FAILED);
    }
  };
  return (
    <form className="gst-admin__add delivery-admin__add" onSubmit={(e) => void submit(e)}>
      <label>
        <span>PIN prefix (1–3 digits)</span>
        <input className="field__input" value={zone.pinPrefix} onChange={(e) => set('pinPrefix', e.target.value)} inputMode="numeric" maxLength={3} required />
      </label>
      <label>
        <span>Zone name</span>
        <input className="field__input" value={zone.label} onChange={(e) => set('label', e.target.value)} maxLength={80} required />
      </label>
      <label>
        <span>Working days</span>
        <input
          className="field__input"
          type="number"
          min={MIN_DELIVERY_DAYS}
          max={MAX_DELIVERY_DAYS}
          value={zone.deliveryDays}
          onChange={(e) => set('deliveryDays', Number(e.target.value))}
          required
        />
      </label>
      <label className="delivery-admin__check">
        <input type="checkbox" checked={zone.serviceable} onChange={(e) => set('serviceable', e.target.checked)} />
        <span>Delivers</span>
      </label>
      <label className="delivery-admin__check">
        <input type="checkbox" checked={zone.codAvailable} onChange={(e) => set('codAvailable', e.target.checked)} />
        <span>Cash on delivery</span>
      </label>
      <button type="submit" className="btn btn--primary btn--sm" disabled={loading}>
        Add zone
      </button>
    </form>
  );
}

/**
 * /admin/delivery (staff): the delivery zones by PIN prefix (decision 0068). The longest prefix
 * matching a PIN decides whether the shop delivers there, with cash on delivery, and in how many
 * working days; the product page, cart, checkout and new orders use the table within seconds.
 */
export function DeliveryZonesPage() {
  const { data, loading, error, refetch } = useSessionQuery(DELIVERY_ZONES, {});
  return (
    <div className="newsletter-admin gst-admin delivery-admin">
      <div className="newsletter-admin__head">
        <h1 className="page-heading">Delivery zones</h1>
      </div>
      <section aria-labelledby="delivery-zones-title">
        <h2 id="delivery-zones-title" className="card__title">
          Zones by PIN prefix
        </h2>
        <p>
          A PIN code belongs to the zone with the longest prefix it starts with. Orders placed before 2 pm India time on a working day leave the same day; Sundays and
          the shop&rsquo;s holidays are not counted. A change applies to checks and orders from now on; placed orders keep their promised day.
        </p>
        <AddZone onSaved={refetch} />
        {error && !loading ? (
          <LoadError message="Failed to load the delivery zones." onRetry={refetch} />
        ) : !data ? (
          <Spinner label="Loading delivery zones" />
        ) : (
          <div className="newsletter-admin__table-wrap">
            <table className="newsletter-admin__table" aria-label="Delivery zones">
              <thead>
                <tr>
                  <th scope="col">PIN prefix</th>
                  <th scope="col">Zone</th>
                  <th scope="col">Delivers</th>
                  <th scope="col">Cash on delivery</th>
                  <th scope="col">Working days</th>
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.deliveryZones.map((z) => (
                  <ZoneRow key={`${z.pinPrefix}-${z.updatedAt}`} zone={z} onSaved={refetch} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
