import { addressBookMessages } from '@shop/proto-contracts/web';
import { orderMessages } from '@shop/proto-contracts/web';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { AddressLines } from '../../../components/address-lines';
import { normalizeDeliveryPin } from '@shop/proto-contracts/web';
import { DeliveryPromiseLine } from '../../../components/delivery-check';
import { useDeliveryPromise } from '../../../lib/delivery-promise';
import { useDialogs } from '../../../components/confirm-dialog';
import { toast } from '../../../lib/toast';
import { ChevronLeftIcon, MapPinIcon, PhoneIcon } from '../../../components/icons';
import { LoadError } from '../../../components/load-error';
import { PageTitle } from '../../../components/page-title';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { getErrorMessage } from '../../../lib/api-errors';
import { useCart, type CartItem } from '../../../lib/cart-store';
import { cartMessages } from '@shop/proto-contracts/web';
import type { SessionUser } from '../../../lib/session-user';
import type { OrderItemInput } from '../api/checkout-documents';
import { toShippingInfo } from '../api/shipping-info';
import { useCheckoutQuote } from '../hooks/use-checkout-quote';
import { useCouponCode } from '../hooks/use-coupon-code';
import { usePlaceOrder } from '../hooks/use-place-order';
import { useShippingChoice } from '../hooks/use-shipping-choice';
import { AddAddressForm } from './add-address-form';
import { AddPhoneForm } from './add-phone-form';
import { CheckoutItems } from './checkout-items';
import { OrderSummary } from './order-summary';
import { PaymentMethod } from './payment-method';
import { SavedChoiceSection } from './saved-choice-section';

const TITLE = 'Confirm Order';
const FILL_ID = 'checkout-fill';

/** An order line carries only the product, quantity, size and colour. */
function toOrderItems(items: CartItem[]): OrderItemInput[] {
  return items.map((item) => ({
    productId: item.productId,
    quantity: item.quantity,
    size: item.properties.size,
    color: item.properties.color,
  }));
}

function BackToCart() {
  return (
    <Link to="/cart" className="checkout-back">
      <ChevronLeftIcon size={18} /> Back to cart
    </Link>
  );
}

/** Confirm Order: the cart's lines, where and whom to deliver to, cash on delivery, the server's price. */
export function CheckoutView({ user }: { user: SessionUser }) {
  const { cart, cartStatus, cartError, reloadCart } = useCart();

  if (!cart) {
    return (
      <div className="container checkout-page">
        <PageTitle title={TITLE} />
        <BackToCart />
        <h1 className="page-heading">{TITLE}</h1>
        {cartStatus === 'error' ? (
          <LoadError message={getErrorMessage(cartError, cartMessages.loadFailed)} onRetry={reloadCart} />
        ) : (
          <div className="checkout-page__loading">
            <Spinner size="lg" label="Loading your order" />
          </div>
        )}
      </div>
    );
  }

  if (cart.items.length === 0) {
    return (
      <div className="container checkout-page">
        <PageTitle title={TITLE} />
        <BackToCart />
        <section className="checkout-empty" aria-labelledby="checkout-empty-title">
          <h1 id="checkout-empty-title">Your cart is empty</h1>
          <p>There is nothing to check out yet. Find something you like and add it to your cart.</p>
          <Link to="/" className="btn btn--primary">
            Start Shopping
          </Link>
        </section>
      </div>
    );
  }

  return <CheckoutForm user={user} items={cart.items} cartProblem={cart.hasProblems} />;
}

function CheckoutForm({ user, items, cartProblem }: { user: SessionUser; items: CartItem[]; cartProblem: boolean }) {
  const orderItems = useMemo(() => toOrderItems(items), [items]);
  const quote = useCheckoutQuote(orderItems);
  const coupon = useCouponCode(orderItems);
  const choice = useShippingChoice(user);
  const { placing, placeOrder } = usePlaceOrder();
  const dialogs = useDialogs();
  const needsFill = choice.missing.city || choice.missing.state;
  // The promise for the chosen address's PIN (decision 0068): the day the order will keep; a PIN
  // the shop does not serve, or without cash on delivery, cannot be ordered to (the server refuses it too).
  const deliveryPin = normalizeDeliveryPin(choice.address?.pin ?? '');
  const delivery = useDeliveryPromise(deliveryPin);
  const promise = delivery.data?.deliveryPromise;
  const undeliverable = Boolean(promise && (!promise.serviceable || !promise.codAvailable));

  function place() {
    if (!choice.address || !choice.phone) {
      void dialogs.notify(orderMessages.selectAddressAndPhone);
      return;
    }
    const shipping = toShippingInfo(choice.address, choice.phone, choice.fill);
    const missing = !shipping.city
      ? { field: 'city', text: addressBookMessages.cityRequired }
      : !shipping.state
        ? { field: 'state', text: addressBookMessages.stateInvalid }
        : null;
    if (missing) {
      toast.error(missing.text);
      document.getElementById(FILL_ID)?.querySelector<HTMLInputElement>(`input[name="${missing.field}"]`)?.focus();
      return;
    }
    void placeOrder(shipping, orderItems, coupon.applied?.code ?? null);
  }

  return (
    <div className="container checkout-page">
      <PageTitle title={TITLE} />
      <BackToCart />
      <h1 className="page-heading">{TITLE}</h1>
      <div className="checkout-layout">
        <div className="checkout-layout__main">
          <CheckoutItems items={items} />
          <SavedChoiceSection
            title="Deliver to"
            icon={<MapPinIcon />}
            name="shipping-address"
            options={user.address.map((address, index) => ({ key: address.id, label: <AddressLines address={address} />, primary: index === 0 }))}
            selectedIndex={choice.addressIndex}
            onSelect={choice.chooseAddress}
            emptyText="No saved addresses yet. Add the address to deliver to."
            addLabel="Add a new address"
            addedIndexOf={(account) => account.address.length - 1}
            renderAddForm={(props) => <AddAddressForm {...props} defaultPhone={user.phone[0]} />}
          >
            {deliveryPin ? (
              <div className="checkout-delivery" aria-label="Delivery">
                <DeliveryPromiseLine promise={promise} loading={delivery.loading} error={delivery.error} />
              </div>
            ) : null}
            {needsFill ? (
              <div id={FILL_ID} className="checkout-fill">
                <p className="checkout-fill__text">
                  {choice.missing.city && choice.missing.state
                    ? 'This address has no city or state saved. Add them for this delivery:'
                    : `This address has no ${choice.missing.city ? 'city' : 'state'} saved. Add it for this delivery:`}
                </p>
                <div className="form__grid">
                  {choice.missing.city ? (
                    <TextField
                      label="City"
                      name="city"
                      autoComplete="address-level2"
                      required
                      value={choice.fill.city}
                      onValueChange={(value) => choice.setFill('city', value)}
                    />
                  ) : null}
                  {choice.missing.state ? (
                    <TextField
                      label="State"
                      name="state"
                      autoComplete="address-level1"
                      required
                      value={choice.fill.state}
                      onValueChange={(value) => choice.setFill('state', value)}
                    />
                  ) : null}
                </div>
              </div>
            ) : null}
          </SavedChoiceSection>
          <SavedChoiceSection
            title="Contact number"
            icon={<PhoneIcon />}
            name="shipping-phone"
            options={user.phone.map((phone, index) => ({ key: `${index}-${phone}`, label: phone, primary: index === 0 }))}
            selectedIndex={choice.phoneIndex}
            onSelect={choice.choosePhone}
            emptyText="No saved phone numbers yet. Add one the courier can call."
            addLabel="Add a new phone"
            addedIndexOf={(account) => account.phone.length - 1}
            renderAddForm={(props) => <AddPhoneForm {...props} />}
          />
          <PaymentMethod />
        </div>
        <OrderSummary quote={quote} coupon={coupon} placing={placing} disabled={items.length === 0 || undeliverable} cartProblem={cartProblem} onPlace={place} />
      </div>
    </div>
  );
}
