import { gql, type TypedDocumentNode } from '@apollo/client';

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
// Apollo's cache (orders are normalised by id) keeps one copy: a cancelled order changes
// everywhere at once.
const ORDER_SUMMARY_FIELDS = gql`
  fragment OrderSummaryFields on Order {
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
  }
`;

const ORDER_DETAIL_FIELDS = gql`
  fragment OrderDetailFields on Order {
    ...OrderSummaryFields
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
  }
  ${ORDER_SUMMARY_FIELDS}
`;

/** The logged-in shopper's orders, newest first. `me` is null only if the session just ended. */
export const MY_ORDERS: TypedDocumentNode<{ me: { id: string; orders: OrderSummary[] } | null }, Record<string, never>> = gql`
  query MyOrders {
    me {
      id
      orders {
        ...OrderSummaryFields
      }
    }
  }
  ${ORDER_SUMMARY_FIELDS}
`;

/** Null for an unknown order and for someone else's (the server never tells them apart). */
export const ORDER_DETAIL: TypedDocumentNode<{ order: OrderDetail | null }, { id: string }> = gql`
  query OrderDetail($id: ID!) {
    order(id: $id) {
      ...OrderDetailFields
    }
  }
  ${ORDER_DETAIL_FIELDS}
`;

interface OrderPayload {
  success: boolean;
  message: string | null;
  order: OrderDetail | null;
}

/** The buyer cancels a pending or processing order; the answer carries the order as it now is. */
export const CANCEL_ORDER: TypedDocumentNode<{ cancelOrder: OrderPayload }, { id: string }> = gql`
  mutation CancelOrder($id: ID!) {
    cancelOrder(id: $id) {
      success
      message
      order {
        ...OrderDetailFields
      }
    }
  }
  ${ORDER_DETAIL_FIELDS}
`;
