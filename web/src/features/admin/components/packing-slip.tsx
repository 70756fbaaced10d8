import { formatINR, formatOrderNumber } from '../../../lib/format';
import { shopDateTime } from '../api/admin-orders-dates';
import type { AdminOrderDetail } from '../api/admin-orders-documents';
import { OrderQrCode } from './order-qr-code';

/**
 * The packing slip and delivery label: shown only when printing (the print stylesheet hides the
 * rest of the page). It carries the order number as text, in both forms people read it, and as a
 * QR code of the full id, which the staff search finds as it is.
 */
export function PackingSlip({ order }: { order: AdminOrderDetail }) {
  const placed = shopDateTime(order.createdAt);
  const { shippingInfo: ship, paymentInfo: payment } = order;
  const collect = payment.method.toUpperCase() === 'COD' && payment.status !== 'Paid';
  return (
    <section className="packing-slip" aria-label="Packing slip">
      <header className="packing-slip__head">
        <div>
          <p className="packing-slip__shop">ShopKart</p>
          <p className="packing-slip__number">Order {formatOrderNumber(order.id)}</p>
          <p className="packing-slip__meta">
            Placed {placed.date} {placed.time} IST
          </p>
          <p className="packing-slip__meta packing-slip__id">{order.id}</p>
        </div>
        <OrderQrCode text={order.id} label={`QR code of order ${order.id}`} />
      </header>
      <div className="packing-slip__label">
        <p className="packing-slip__to">Deliver to</p>
        <address>
          <strong>{order.buyerName || 'Customer'}</strong>
          <span>{ship.address}</span>
          <span>
            {ship.city}, {ship.state} – {ship.pinCode}
          </span>
          <span>{ship.country}</span>
          <span>Phone: {ship.phoneNo}</span>
        </address>
        <p className="packing-slip__collect">
          {collect ? <>Cash on delivery: collect {formatINR(order.totalPrice)}</> : <>Paid: nothing to collect</>}
        </p>
      </div>
      <table className="packing-slip__items">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Size</th>
            <th scope="col">Colour</th>
            <th scope="col">Qty</th>
          </tr>
        </thead>
        <tbody>
          {order.orderItems.map((item, index) => (
            <tr key={`${item.productId}-${index}`}>
              <td>{item.name}</td>
              <td>{item.properties.size ?? '—'}</td>
              <td>{item.properties.color ?? '—'}</td>
              <td>{item.quantity}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
