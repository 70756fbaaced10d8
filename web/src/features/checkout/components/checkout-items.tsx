import { PackageIcon } from '../../../components/icons';
import type { CartItem } from '../../../lib/cart-store';
import { cartMessages } from '@shop/proto-contracts/web';
import { formatINR } from '../../../lib/format';
import { cardVariantOf } from '../../../lib/product-images';

function choicesOf(item: CartItem): string {
  const parts: string[] = [];
  if (item.properties.size) parts.push(`Size: ${item.properties.size}`);
  if (item.properties.color) parts.push(`Colour: ${item.properties.color}`);
  return parts.join(' · ');
}

/** The cart's lines as they will be ordered: image, name, size and colour, quantity, price. */
export function CheckoutItems({ items }: { items: CartItem[] }) {
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <section className="card checkout-section">
      <h2 className="card__title">
        <PackageIcon /> Items ({count})
      </h2>
      <ul className="checkout-items">
        {items.map((item) => {
          const choices = choicesOf(item);
          return (
            <li key={item.id} className="checkout-item">
              {item.image ? (
                <img className="checkout-item__image" src={cardVariantOf(item.image)} alt="" width={64} height={64} loading="lazy" />
              ) : (
                <span className="checkout-item__image" aria-hidden="true" />
              )}
              <div className="checkout-item__body">
                <p className="checkout-item__name">{item.name}</p>
                {choices ? <p className="checkout-item__meta">{choices}</p> : null}
                <p className="checkout-item__meta">
                  Qty: {item.quantity} × {formatINR(item.price)}
                </p>
                {!item.available ? <p className="checkout-item__problem">No longer available</p> : null}
                {item.available && item.quantity > item.stock ? (
                  <p className="checkout-item__problem">{cartMessages.onlyInStock(item.stock)}</p>
                ) : null}
              </div>
              <p className="checkout-item__price">{formatINR(item.price * item.quantity)}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
