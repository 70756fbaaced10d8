/** One line of an order, as the buyer sees it (unit price in rupees). */
export interface OrderLine {
  productId: string;
  name: string;
  image: string | null;
  price: number;
  quantity: number;
  properties: { size: string | null; color: string | null };
}

/** What My Orders shows of an order (its card). */
export interface OrderSummary {
  id: string;
  createdAt: string;
  /** Lower-case from this server, but compared case-insensitively (spec section 4). */
  orderStatus: string;
  totalPrice: number;
  shippedAt: string | null;
  deliveredAt: string | null;
  cancelledAt: string | null;
  estimatedDelivery: string;
  /** The buyer may cancel it now (pending or processing). */
  canCancel: boolean;
  orderItems: OrderLine[];
}

/** The order detail page: the card's fields plus shipping, payment and the price breakdown. */
export interface OrderDetail extends OrderSummary {
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
  taxPrice: number;
  shippingPrice: number;
  paidAt: string | null;
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
`;

const ORDER_DETAIL_SELECTION = `
  ${ORDER_SUMMARY_SELECTION}
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
  taxPrice
  shippingPrice
  paidAt
`;

/** `me` is null only if the session just ended. */
export interface MyOrdersData {
  me: { id: string; orders: OrderSummary[] } | null;
}

/** The logged-in shopper's orders, newest first. */
export const MY_ORDERS = `
  query MyOrders {
    me {
      id
      orders { ${ORDER_SUMMARY_SELECTION} }
    }
  }
`;

/** Null for an unknown order and for someone else's (the server never tells them apart). */
export interface OrderDetailData {
  order: OrderDetail | null;
}

export const ORDER_DETAIL = `
  query OrderDetail($id: ID!) {
    order(id: $id) { ${ORDER_DETAIL_SELECTION} }
  }
`;

export interface CancelOrderData {
  cancelOrder: {
    success: boolean;
    message: string | null;
    order: OrderDetail | null;
  };
}

export type CancelOrderVariables = { id: string };

/** The buyer cancels a pending or processing order; the answer carries the order as it now is. */
export const CANCEL_ORDER = `
  mutation CancelOrder($id: ID!) {
    cancelOrder(id: $id) {
      success
      message
      order { ${ORDER_DETAIL_SELECTION} }
    }
  }
`;
