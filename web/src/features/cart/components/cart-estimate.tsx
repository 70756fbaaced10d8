import { FIRST_ORDER_DISCOUNT_PERCENT, priceOrder, TAX_INCLUSIVE_NOTE } from '@shop/proto-contracts/web';
import { paiseToRupees, rupeesToPaise } from '@shop/proto-contracts/web';
import { formatINR } from '../../../lib/format';
import { useSessionQuery } from '../../../lib/use-session-graphql';
import type { CartItem } from '../../../lib/cart-store';
import { FIRST_ORDER_ELIGIBLE } from '../api/cart-estimate-documents';


/**
 * What the checkout will charge for these lines, worked out with the checkout's own formula
 * (proto-contracts' priceOrder, in paise): the first-order discount when the shopper still has it,
 * shipping and the cash round off; prices include GST, so the total does not depend on the rates. An estimate: checkout prices again with the catalog's prices of that moment.
 */
export function CartEstimate({ items }: { items: CartItem[] }) {
  const eligible = useSessionQuery(FIRST_ORDER_ELIGIBLE, {});
  const firstOrder = eligible.data?.me?.firstOrderDiscountEligible ?? false;
  const price = priceOrder(
    items.map((item) => ({ unitPricePaise: rupeesToPaise(item.price), quantity: item.quantity })),
    { firstOrder },
  );
  const rupees = (paise: number) => formatINR(paiseToRupees(paise));
  return (
    <dl className="cart-summary__rows cart-summary__estimate" aria-label="Estimated checkout price">
      {price.discountPaise > 0 ? (
        <div className="cart-summary__discount">
          <dt>First order discount ({FIRST_ORDER_DISCOUNT_PERCENT}%)</dt>
          <dd>{`\u2212${rupees(price.discountPaise)}`}</dd>
        </div>
      ) : null}
      <div>
        <dt>Shipping</dt>
        <dd>{rupees(price.shippingPaise)}</dd>
      </div>
      {price.roundOffPaise !== 0 ? (
        <div>
          <dt>Round off</dt>
          <dd>{price.roundOffPaise < 0 ? `\u2212${rupees(-price.roundOffPaise)}` : rupees(price.roundOffPaise)}</dd>
        </div>
      ) : null}
      <div className="cart-summary__total">
        <dt>Estimated total</dt>
        <dd>{rupees(price.totalPaise)}</dd>
      </div>
      <p className="cart-summary__note">{TAX_INCLUSIVE_NOTE}</p>
    </dl>
  );
}
