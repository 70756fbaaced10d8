import { DeliveryCheck } from '../../../components/delivery-check';
import { ReturnIcon } from '../../../components/icons';

/**
 * Delivery and returns: the delivery day and cash on delivery for the shopper's PIN (decision
 * 0068), and free returns within 30 days (spec: stated on the product page).
 */
export function DeliveryInfo() {
  return (
    <div className="product-info__delivery">
      <DeliveryCheck />
      <ul className="delivery-info" aria-label="Returns">
        <li>
          <ReturnIcon size={20} />
          <span>Free returns within 30 days</span>
        </li>
      </ul>
    </div>
  );
}
