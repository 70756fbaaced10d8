import { TAX_INCLUSIVE_NOTE } from '@shop/proto-contracts/web';
import { formatINR } from '../lib/format';

interface PriceTagProps {
  price: number;
  oldPrice: number;
  discount: number;
  /** 'lg' on the product page. */
  size?: 'md' | 'lg';
}

/** Selling price, the MRP struck through and the discount, when there is one. */
export function PriceTag({ price, oldPrice, discount, size = 'md' }: PriceTagProps) {
  const reduced = discount > 0 && oldPrice > price;
  return (
    <p className={`price-tag price-tag--${size}`}>
      <span className="price-tag__price">
        <span className="sr-only">Price: </span>
        {formatINR(price)}
      </span>
      {reduced ? (
        <>
          <del className="price-tag__old">
            <span className="sr-only">Original price: </span>
            {formatINR(oldPrice)}
          </del>
          <span className="price-tag__off">{discount}% off</span>
        </>
      ) : null}
      <TaxNote />
    </p>
  );
}

/** Every shown price includes GST (decision 0045): what the item costs, never above its MRP. */
export function TaxNote() {
  return <span className="price-tag__tax">{TAX_INCLUSIVE_NOTE}</span>;
}
