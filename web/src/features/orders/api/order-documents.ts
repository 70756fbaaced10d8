import { graphqlDocument, type ResultOf, type VariablesOf } from '../../../lib/graphql-document';
import { ORDER_ITEM_SELECTION } from '../../../lib/order-item-selection';
// The list, the detail page and the cancel answer select the same item and summary fields, so
// the cancel answer can stand in for the order wherever it is shown.
const ORDER_SUMMARY_SELECTION = `
  id
  createdAt
  orderStatus
  totalPrice
  shippedAt
  deliveredAt
  cancelledAt
  estimatedDelivery
  canCancel
  ${ORDER_ITEM_SELECTION}
  userId
  returnableUntil
  invoiceUrl
  shipment {
    courierName
    trackingNumber
    trackingUrl
  }
`;

// My Orders asks for the shopper's returns in their own query: nested under 50 orders they would
// cost more than the gateway's GraphQL budget allows (decision 0012).
/** A return as the buyer's and the staff's order pages show it (its timeline, its credit note). */
export const RETURN_SELECTION = `
  id
  orderId
  status
  reason
  refundAmount
  refundMethod
  refundReference
  createdAt
  creditNoteNumber
  items { productId name quantity properties { size color } }
  timeline { status note at }
`;

/**
 * Where an order goes, how it is paid and its price breakdown: the shopper's order page and the
 * staff's ask for the same fields. A query that spreads it appends the text once.
 */
export const ORDER_DELIVERY_AND_PRICES = `
  fragment OrderDeliveryAndPrices on Order {
    shippingInfo {
      address
      city
      state
      country
      pinCode
      phoneNo
    }
    paymentInfo {
      id
      status
      method
    }
    itemPrice
    discountPrice
    couponCode
    couponDiscount
    taxPrice
    shippingPrice
    roundOff
    pricesIncludeGst
    paidAt
  }
`;

const ORDER_DETAIL_SELECTION = `
  ${ORDER_SUMMARY_SELECTION}
  ...OrderDeliveryAndPrices
  returns { ${RETURN_SELECTION} }
`;

/** The logged-in shopper's orders, newest first. */
export const MY_ORDERS = graphqlDocument('MyOrders', `
  query MyOrders {
    me {
      id
      orders { ${ORDER_SUMMARY_SELECTION} }
    }
  }
`);

export const ORDER_DETAIL = graphqlDocument('OrderDetail', `
  query OrderDetail($id: ID!) {
    order(id: $id) { ${ORDER_DETAIL_SELECTION} }
  }
  ${ORDER_DELIVERY_AND_PRICES}
`);

/** The buyer cancels a pending or processing order; the answer carries the order as it now is. */
export const CANCEL_ORDER = graphqlDocument('CancelOrder', `
  mutation CancelOrder($id: ID!) {
    cancelOrder(id: $id) {
      success
      message
      order { ${ORDER_DETAIL_SELECTION} }
    }
  }
  ${ORDER_DELIVERY_AND_PRICES}
`);

/** The buyer asks to return items of a delivered order (within 30 days of delivery). */
export const REQUEST_RETURN = graphqlDocument('RequestReturn', `
  mutation RequestReturn($orderId: ID!, $input: RequestReturnInput!) {
    requestReturn(orderId: $orderId, input: $input) {
      success
      message
      return { id }
    }
  }
`);

/** The shopper's returns, newest first (My Orders shows them under their orders). */
export const MY_RETURNS = graphqlDocument('MyReturns', `
  query MyReturns {
    myReturns { ${RETURN_SELECTION} }
  }
`);

/** What returning the chosen items would refund now (decision 0047): shown before the shopper confirms. */
export const RETURN_QUOTE = graphqlDocument('ReturnQuote', `
  query ReturnQuote($orderId: ID!, $items: [ReturnItemInput!]!) {
    returnQuote(orderId: $orderId, items: $items) {
      refundAmount
      couponLost
      couponCode
      keptPrice
    }
  }
`);

/** `me` is null only if the session just ended. */
export type MyOrdersData = ResultOf<typeof MY_ORDERS>;
/** What My Orders shows of an order (its card); orderStatus compared case-insensitively. */
export type OrderSummary = NonNullable<MyOrdersData['me']>['orders'][number];
/** One line of an order, as the buyer sees it (unit price in rupees). */
export type OrderLine = OrderSummary['orderItems'][number];
/** How a shipped parcel travels (decision 0054). */
export type ShipmentView = NonNullable<OrderSummary['shipment']>;
/** Null for an unknown order and for someone else's (the server never tells them apart). */
export type OrderDetailData = ResultOf<typeof ORDER_DETAIL>;
/** The order detail page: the card's fields plus shipping, payment, the price breakdown and its returns. */
export type OrderDetail = NonNullable<OrderDetailData['order']>;
/** A return of some of the order's items (decision 0025). */
export type OrderReturn = OrderDetail['returns'][number];
/** One step a return reached, with staff's note. */
export type ReturnStep = OrderReturn['timeline'][number];
export type RequestReturnVariables = VariablesOf<typeof REQUEST_RETURN>;
export type ReturnItemInput = RequestReturnVariables['input']['items'][number];
export type ReturnQuoteData = ResultOf<typeof RETURN_QUOTE>;
