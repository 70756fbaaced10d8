import { graphqlDocument } from '../../../lib/graphql-document';
/** One line of an order, as the buyer sees it (unit price in rupees). */
export interface OrderLine {
  productId: string;
  name: string;
  image: string | null;
  price: number;
  quantity: number;
  properties: { size: string | null; color: string | null };
}

/** One step a return reached, with staff's note. */
export interface ReturnStep {
  status: string;
  note: string | null;
  at: string;
}

/** A return of some of the order's items (decision 0025). */
export interface OrderReturn {
  id: string;
  orderId: string;
  status: string;
  reason: string;
  refundAmount: number;
  refundMethod: string | null;
  refundReference: string | null;
  createdAt: string;
  /** Its credit note, once received (decision 0048). */
  creditNoteNumber: string | null;
  items: Array<{ productId: string; name: string; quantity: number; properties: { size: string | null; color: string | null } }>;
  timeline: ReturnStep[];
}

/** How a shipped parcel travels (decision 0054). */
export interface ShipmentView {
  courierName: string;
  trackingNumber: string | null;
  /** The courier's tracking page for this parcel. */
  trackingUrl: string | null;
}

/** What My Orders shows of an order (its card). */
export interface OrderSummary {
  id: string;
  createdAt: string;
  /** Lower-case from this server, but compared case-insensitively. */
  orderStatus: string;
  totalPrice: number;
  shippedAt: string | null;
  deliveredAt: string | null;
  cancelledAt: string | null;
  estimatedDelivery: string;
  /** The buyer may cancel it now (pending or processing). */
  canCancel: boolean;
  orderItems: OrderLine[];
  /** The buyer (staff may open any order's page; only the buyer may return its items). */
  userId: string;
  /** Delivered orders: until when a return may be asked for (30 days after delivery). */
  returnableUntil: string | null;
  /** Delivered orders: where the GST tax invoice PDF is downloaded. */
  invoiceUrl: string | null;
  /** The courier and tracking number, once shipped. */
  shipment: ShipmentView | null;
}

/** What the OrderDeliveryAndPrices fragment selects: shipping, payment and the price breakdown. */
export interface OrderDeliveryAndPrices {
  shippingInfo: {
    address: string;
    city: string;
    state: string;
    country: string;
    pinCode: number;
    phoneNo: string;
  };
  paymentInfo: { id: string | null; status: string; method: string };
  itemPrice: number;
  discountPrice: number;
  couponCode: string | null;
  couponDiscount: number;
  taxPrice: number;
  shippingPrice: number;
  roundOff: number;
  pricesIncludeGst: boolean;
  paidAt: string | null;
}

/** The order detail page: the card's fields plus shipping, payment and the price breakdown. */
export interface OrderDetail extends OrderSummary, OrderDeliveryAndPrices {
  returns: OrderReturn[];
}

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
  orderItems {
    productId
    name
    image
    price
    quantity
    properties {
      size
      color
    }
  }
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
const RETURN_SELECTION = `
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

/** `me` is null only if the session just ended. */
export interface MyOrdersData {
  me: { id: string; orders: OrderSummary[] } | null;
}

/** The logged-in shopper's orders, newest first. */
export const MY_ORDERS = graphqlDocument('MyOrders', `
  query MyOrders {
    me {
      id
      orders { ${ORDER_SUMMARY_SELECTION} }
    }
  }
`);

/** Null for an unknown order and for someone else's (the server never tells them apart). */
export interface OrderDetailData {
  order: OrderDetail | null;
}

export const ORDER_DETAIL = graphqlDocument('OrderDetail', `
  query OrderDetail($id: ID!) {
    order(id: $id) { ${ORDER_DETAIL_SELECTION} }
  }
  ${ORDER_DELIVERY_AND_PRICES}
`);

export interface CancelOrderData {
  cancelOrder: {
    success: boolean;
    message: string | null;
    order: OrderDetail | null;
  };
}

export type CancelOrderVariables = { id: string };

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

export interface ReturnItemInput {
  productId: string;
  quantity: number;
  size?: string | null;
  color?: string | null;
}

export interface RequestReturnData {
  requestReturn: { success: boolean; message: string | null; return: { id: string } | null };
}

export type RequestReturnVariables = {
  orderId: string;
  input: { items: ReturnItemInput[]; reason: string; photo?: string | null; refundTo?: Record<string, string> };
};

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

export interface MyReturnsData {
  myReturns: OrderReturn[];
}

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

export interface ReturnQuoteData {
  returnQuote: { refundAmount: number; couponLost: boolean; couponCode: string | null; keptPrice: number | null };
}
