import type { ShipmentView } from '../api/order-documents';

/** The courier and tracking number, the number linking to the courier's tracking page. */
export function ShipmentLine({ shipment }: { shipment: ShipmentView }) {
  return (
    <p className="order-shipment">
      Shipped with <strong>{shipment.courierName}</strong>
      {shipment.trackingNumber ? (
        <>
          {' '}
          · Tracking number{' '}
          {shipment.trackingUrl ? (
            <a href={shipment.trackingUrl} target="_blank" rel="noreferrer noopener">
              {shipment.trackingNumber}
            </a>
          ) : (
            <strong>{shipment.trackingNumber}</strong>
          )}
        </>
      ) : null}
    </p>
  );
}
