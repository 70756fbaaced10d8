import { graphqlDocument } from '../../../lib/graphql-document';
import type { OrderStatus } from '@shop/proto-contracts/web';
import { ORDER_DELIVERY_AND_PRICES, type OrderDeliveryAndPrices, type OrderReturn } from '../../orders/api/order-documents';

/** One line of an order as the staff list shows it ('2 x Brass Diya Lamp'). */
export interface AdminOrderLine {
  productId: string;
  name: string;
  quantity: number;
}

/** An order in Orders Management. Money in rupees; dates as ISO text. */
export interface AdminOrder {
  id: string;
  createdAt: string;
  /** Lower-case, as the server's enum OrderStatus. */
  orderStatus: OrderStatus;
  /** The moves this member of staff may make now: the server's status machine decides. */
  nextStatuses: OrderStatus[];
  totalPrice: number;
  /** The name the order was placed under (the order's own copy; the account may be gone). */
  buyerName: string;
  orderItems: AdminOrderLine[];
  paymentInfo: { id: string | null; status: string; method: string };
  /** How the parcel travels, once shipped (decision 0054). */
  shipment: OrderShipment | null;
}

export interface OrderShipment {
  courier: string;
  courierName: string;
  trackingNumber: string | null;
  trackingUrl: string | null;
}

/** One page of orders with the count over all pages. */
export interface AdminOrdersPageData {
  orders: AdminOrder[];
  totalPages: number;
  currentPage: number;
  /** Orders found (all pages). */
  total: number;
}

// The list and the status answer select the same fields, so Apollo's cache (orders are
// normalised by id) shows a changed status in the list at once.
const ADMIN_ORDER_FIELDS = `
  fragment AdminOrderFields on Order {
    id
    createdAt
    orderStatus
    nextStatuses
    totalPrice
    buyerName
    orderItems {
      productId
      name
      quantity
    }
    paymentInfo {
      id
      status
      method
    }
    shipment {
      courier
      courierName
      trackingNumber
      trackingUrl
    }
  }
`;

/** What staff search orders by; every field optional (empty = not filtered). */
export interface AdminOrderFilters {
  /** An order number in any form, a buyer's email, name or phone. */
  q: string;
  status: string;
  /** A payment status: Pending, Paid, Refunded or Cancelled. */
  payment: string;
  /** Asia/Kolkata days YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

export interface AdminOrderSearchData {
  adminOrders: AdminOrdersPageData & { totalAmount: number };
}

export type AdminOrderSearchVariables = { [K in keyof AdminOrderFilters]: string | null } & { page: number; limit: number };

/** Staff: one page of the orders a search finds, newest first, with the sum of those not cancelled. */
export const ADMIN_ORDER_SEARCH = graphqlDocument('AdminOrderSearch', `
  query AdminOrderSearch($q: String, $status: String, $payment: String, $from: String, $to: String, $page: Int!, $limit: Int!) {
    adminOrders(q: $q, status: $status, payment: $payment, from: $from, to: $to, page: $page, limit: $limit) {
      orders {
        ...AdminOrderFields
      }
      totalPages
      currentPage
      total
      totalAmount
    }
  }
  ${ADMIN_ORDER_FIELDS}
`);

/** An order as dispatch needs it: where it goes, what is in it, what it costs, where it stands. */
export interface AdminOrderDetail extends AdminOrder, OrderDeliveryAndPrices {
  orderItems: Array<AdminOrderLine & { image: string | null; price: number; properties: { size: string | null; color: string | null } }>;
  shippedAt: string | null;
  deliveredAt: string | null;
  cancelledAt: string | null;
  estimatedDelivery: string;
  /** Delivered orders: the GST tax invoice (decision 0026). */
  invoiceNumber: string | null;
  invoiceUrl: string | null;
  /** Its returns and their refunds, oldest first. */
  returns: OrderReturn[];
  /** Staff-only notes, oldest first. */
  staffNotes: OrderNote[] | null;
}

/** Staff: one order (null when there is none with this id). */
export const ADMIN_ORDER_DETAIL = graphqlDocument('AdminOrderDetail', `
  query AdminOrderDetail($id: ID!) {
    order(id: $id) {
      ...AdminOrderFields
      orderItems {
        productId
        name
        quantity
        image
        price
        properties {
          size
          color
        }
      }
      ...OrderDeliveryAndPrices
      shippedAt
      deliveredAt
      cancelledAt
      estimatedDelivery
      invoiceNumber
      invoiceUrl
      returns {
        id
        orderId
        status
        reason
        refundAmount
        refundMethod
        refundReference
        createdAt
        items {
          productId
          name
          quantity
          properties {
            size
            color
          }
        }
        timeline {
          status
          note
          at
        }
      }
      staffNotes {
        id
        authorName
        text
        createdAt
      }
    }
  }
  ${ADMIN_ORDER_FIELDS}
  ${ORDER_DELIVERY_AND_PRICES}
`);

export interface SetOrderStatusData {
  setOrderStatus: { success: boolean; message: string | null; order: AdminOrder | null };
}

export interface SetOrderStatusVariables {
  id: string;
  status: string;
  /** Shipping only: the courier (a COURIERS id) and its tracking number. */
  courier?: string | null;
  trackingNumber?: string | null;
}

/** Staff: moves an order to a status the server's status machine allows from its current one. */
export const SET_ORDER_STATUS = graphqlDocument('AdminSetOrderStatus', `
  mutation AdminSetOrderStatus($id: ID!, $status: String!, $courier: String, $trackingNumber: String) {
    setOrderStatus(id: $id, status: $status, courier: $courier, trackingNumber: $trackingNumber) {
      success
      message
      order {
        ...AdminOrderFields
        # The order page's timeline and payment follow the move without asking again.
        paidAt
        shippedAt
        deliveredAt
        cancelledAt
        estimatedDelivery
      }
    }
  }
  ${ADMIN_ORDER_FIELDS}
`);

export interface DeleteOrderData {
  deleteOrder: { success: boolean; message: string | null };
}

/** Admin only: deletes an order (one still holding stock gives it back). */
export const DELETE_ORDER = graphqlDocument('AdminDeleteOrder', `
  mutation AdminDeleteOrder($id: ID!) {
    deleteOrder(id: $id) {
      success
      message
    }
  }
`);

export interface CollectCodData {
  collectCod: { success: boolean; message: string | null; order: (AdminOrder & { paidAt: string | null }) | null };
}

/** Staff: the cash of a shipped or delivered cash-on-delivery order is in hand (payment Paid). */
export const COLLECT_COD = graphqlDocument('AdminCollectCod', `
  mutation AdminCollectCod($id: ID!) {
    collectCod(id: $id) {
      success
      message
      order {
        ...AdminOrderFields
        paidAt
      }
    }
  }
  ${ADMIN_ORDER_FIELDS}
`);

/** A staff-only note on an order. */
export interface OrderNote {
  id: string;
  authorName: string;
  text: string;
  createdAt: string;
}

export interface AddOrderNoteData {
  addOrderNote: { success: boolean; message: string | null; note: OrderNote | null };
}

/** Staff: adds a note only staff see. */
export const ADD_ORDER_NOTE = graphqlDocument('AdminAddOrderNote', `
  mutation AdminAddOrderNote($id: ID!, $text: String!) {
    addOrderNote(id: $id, text: $text) {
      success
      message
      note {
        id
        authorName
        text
        createdAt
      }
    }
  }
`);
