import { ReturnIcon, TruckIcon } from '../../../components/icons';

/** Delivery and returns (spec: returns are free within 30 days, stated on the product page). */
export function DeliveryInfo() {
  return (
    <ul className="delivery-info" aria-label="Delivery and returns">
      <li>
        <TruckIcon size={20} />
        <span>Delivery in 3–7 days · Cash on delivery available</span>
      </li>
      <li>
        <ReturnIcon size={20} />
        <span>Free returns within 30 days</span>
      </li>
    </ul>
  );
}
