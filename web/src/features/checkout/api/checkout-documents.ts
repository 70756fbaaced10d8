import { graphqlDocument, type ResultOf, type VariablesOf } from '../../../lib/graphql-document';
export const CHECKOUT_QUOTE = graphqlDocument('CheckoutQuote', `
  query CheckoutQuote($items: [OrderItemInput!]!) {
    checkoutQuote(items: $items) {
      itemPrice
      discountPrice
      taxPrice
      shippingPrice
      roundOff
      totalPrice
      firstOrder
    }
  }
`);

/** The Apply field: whether the code may be used on these items now, and the price with it (a refusal is an error saying why). */
export const CHECK_COUPON = graphqlDocument('CheckCoupon', `
  query CheckCoupon($code: String!, $items: [OrderItemInput!]!) {
    checkCoupon(code: $code, items: $items) {
      success
      message
      code
      quote {
        itemPrice
        discountPrice
        couponCode
        couponDiscount
        taxPrice
        shippingPrice
        roundOff
        totalPrice
        firstOrder
      }
    }
  }
`);

export const PLACE_ORDER = graphqlDocument('PlaceOrder', `
  mutation PlaceOrder($input: PlaceOrderInput!, $idempotencyKey: String) {
    placeOrder(input: $input, idempotencyKey: $idempotencyKey) {
      success
      message
      order {
        id
        totalPrice
      }
    }
  }
`);

/** One ordered line as the order subgraph takes it (prices are never sent: the server prices). */
export type OrderItemInput = VariablesOf<typeof CHECKOUT_QUOTE>['items'][number];
/** The order subgraph's ShippingInfoInput: the server strips and checks the PIN code and phone. */
export type ShippingInfoInput = VariablesOf<typeof PLACE_ORDER>['input']['shippingInfo'];
/** A coupon check's price: the checkout's, with the coupon priced in. */
export type CouponQuote = NonNullable<ResultOf<typeof CHECK_COUPON>['checkCoupon']['quote']>;
/** What the order would cost now, in rupees, priced by the server (with a coupon: its code and discount too). */
export type CheckoutQuote = ResultOf<typeof CHECKOUT_QUOTE>['checkoutQuote'] & Partial<Pick<CouponQuote, 'couponCode' | 'couponDiscount'>>;
