import { Link } from 'react-router-dom';
import { ImageOffIcon } from '../../../components/icons';
import { formatINR } from '../../../lib/format';
import { cardVariantOf } from '../../../lib/product-images';
import type { OrderLine } from '../api/order-documents';

interface OrderItemListProps {
  items: OrderLine[];
  /** The detail page: bigger images and each line's total. */
  detailed?: boolean;
}

/** An order's lines: image and name (both to the product page), quantity, price, size and colour. */
export function OrderItemList({ items, detailed = false }: OrderItemListProps) {
  const imageSize = detailed ? 80 : 64;
  return (
    <ul className={`order-items${detailed ? ' order-items--detailed' : ''}`} aria-label="Items">
      {items.map((item, index) => {
        const productPath = `/product/${encodeURIComponent(item.productId)}`;
        const { size, color } = item.properties;
        return (
          <li key={`${item.productId}-${size ?? ''}-${color ?? ''}-${index}`} className="order-item">
            {/* The name is the link for keyboards and screen readers; the image repeats it for the mouse. */}
            <Link to={productPath} className="order-item__image" tabIndex={-1} aria-hidden="true">
              {item.image ? (
                <img src={cardVariantOf(item.image)} alt="" width={imageSize} height={imageSize} loading="lazy" decoding="async" />
              ) : (
                <ImageOffIcon size={24} />
              )}
            </Link>
            <div className="order-item__body">
              <p className="order-item__name">
                <Link to={productPath}>{item.name}</Link>
              </p>
              <p className="order-item__meta">
                <span>Qty: {item.quantity}</span>
                {size ? <span>Size: {size}</span> : null}
                {color ? <span>Colour: {color}</span> : null}
              </p>
            </div>
            <p className="order-item__price">
              {detailed ? (
                <>
                  <strong>{formatINR(item.price * item.quantity)}</strong>
                  {item.quantity > 1 ? <span className="order-item__each">{formatINR(item.price)} each</span> : null}
                </>
              ) : (
                <>
                  <strong>{formatINR(item.price)}</strong>
                  {item.quantity > 1 ? <span className="order-item__each">each</span> : null}
                </>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
