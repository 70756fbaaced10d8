import { graphqlDocument } from '../../../lib/graphql-document';
/** One ordered line as the order subgraph takes it (prices are never sent: the server prices). */
export interface OrderItemInput {
  productId: string;
  quantity: number;
  size?: string | null;
  color?: string | null;
}

/** The order subgraph's ShippingInfoInput: the server strips and checks the PIN code and phone. */
export interface ShippingInfoInput {
  address: string;
  city: string;
  state: string;
  country: string;
  pinCode: string;
  phoneNo: string;
}

/** What the order would cost now, in rupees, priced by the server. */
export interface CheckoutQuote {
  itemPrice: number;
  /** The first-order discount (10% of the subtotal); 0 when it does not apply. */
  discountPrice: number;
  /** The coupon priced in (only in a coupon check's answer). */
  couponCode?: string | null;
  /** What the coupon takes off; 0 without one. */
  couponDiscount?: number;
  /** The GST contained in the total (shown as 'GST included'). */
  taxPrice: number;
  shippingPrice: number;
  /** Cash round off to the whole rupee. */
  roundOff: number;
  totalPrice: number;
  firstOrder: boolean;
}

interface PlacedOrder {
  id: string;
  totalPrice: number;
}

export interface CheckoutQuoteData {
  checkoutQuote: CheckoutQuote;
}

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

export interface PlaceOrderData {
  placeOrder: { success: boolean; message?: string | null; order?: PlacedOrder | null };
}

export interface CheckCouponData {
  checkCoupon: { success: boolean; message: string; code: string; quote: CheckoutQuote };
}

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

export type PlaceOrderVariables = {
  input: { shippingInfo: ShippingInfoInput; items: OrderItemInput[]; couponCode?: string | null };
  idempotencyKey: string;
};

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
