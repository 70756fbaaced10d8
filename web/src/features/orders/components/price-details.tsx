import { formatINR } from '../../../lib/format';

/** The figures an order's price breakdown shows; the shopper's and the staff's order pages share it. */
export interface OrderPrices {
  itemPrice: number;
  discountPrice: number;
  couponCode: string | null;
  couponDiscount: number;
  shippingPrice: number;
  taxPrice: number;
  totalPrice: number;
  /** Cash round off (0 on orders from before prices included GST). */
  roundOff?: number;
  /** False on orders placed before prices included GST: their GST was added to the total. */
  pricesIncludeGst?: boolean;
}

/** "Price details": items, the discounts that apply, shipping, GST and the total. */
export function PriceDetails({ order, titleId }: { order: OrderPrices; titleId: string }) {
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        Price details
      </h2>
      <dl className="order-prices">
        <div>
          <dt>Items</dt>
          <dd>{formatINR(order.itemPrice)}</dd>
        </div>
        {order.discountPrice > 0 ? (
          <div className="order-prices__discount">
            <dt>First-order discount</dt>
            <dd>−{formatINR(order.discountPrice)}</dd>
          </div>
        ) : null}
        {order.couponDiscount > 0 ? (
          <div className="order-prices__discount">
            <dt>Coupon {order.couponCode}</dt>
            <dd>−{formatINR(order.couponDiscount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Shipping</dt>
          <dd>{formatINR(order.shippingPrice)}</dd>
        </div>
        {order.pricesIncludeGst === false ? (
          <div>
            <dt>Tax (GST 18%)</dt>
            <dd>{formatINR(order.taxPrice)}</dd>
          </div>
        ) : null}
        {order.roundOff ? (
          <div>
            <dt>Round off</dt>
            <dd>{order.roundOff < 0 ? `−${formatINR(-order.roundOff)}` : formatINR(order.roundOff)}</dd>
          </div>
        ) : null}
        <div className="order-prices__total">
          <dt>Total</dt>
          <dd>{formatINR(order.totalPrice)}</dd>
        </div>
        {order.pricesIncludeGst === false ? null : (
          <div className="order-prices__tax">
            <dt>GST included</dt>
            <dd>{formatINR(order.taxPrice)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}
