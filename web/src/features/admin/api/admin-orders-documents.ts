import { gql, type TypedDocumentNode } from '@apollo/client';
import { ORDER_DELIVERY_AND_PRICES, type OrderDeliveryAndPrices } from '../../orders/api/order-documents';

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
  /** Lower-case from this server, but compared case-insensitively (spec section 4). */
  orderStatus: string;
  totalPrice: number;
  /** The name the order was placed under (the order's own copy; the account may be gone). */
  buyerName: string;
  orderItems: AdminOrderLine[];
}

export interface OrdersByDateData {
  ordersByDate: {
    orders: AdminOrder[];
    totalPages: number;
    currentPage: number;
    /** Orders of the whole day (all pages). */
    total: number;
  };
}

export interface OrdersByDateVariables {
  /** An Asia/Kolkata calendar day, YYYY-MM-DD. */
  date: string;
  page: number;
}

// The list and the status answer select the same fields, so Apollo's cache (orders are
// normalised by id) shows a changed status in the list at once.
const ADMIN_ORDER_FIELDS = gql`
  fragment AdminOrderFields on Order {
    id
    createdAt
    orderStatus
    totalPrice
    buyerName
    orderItems {
      productId
      name
      quantity
    }
  }
`;

/** Staff: one page (10) of the orders placed on an Asia/Kolkata day, newest first. */
export const ORDERS_BY_DATE: TypedDocumentNode<OrdersByDateData, OrdersByDateVariables> = gql`
  query AdminOrdersByDate($date: String!, $page: Int!) {
    ordersByDate(date: $date, page: $page) {
      orders {
        ...AdminOrderFields
      }
      totalPages
      currentPage
      total
    }
  }
  ${ADMIN_ORDER_FIELDS}
`;

/** What staff search orders by; every field optional (empty = not filtered). */
export interface AdminOrderFilters {
  /** An order number in any form, a buyer's email, name or phone. */
  q: string;
  status: string;
  /** Asia/Kolkata days YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

export interface AdminOrderSearchData {
  adminOrders: OrdersByDateData['ordersByDate'] & { totalAmount: number };
}

export type AdminOrderSearchVariables = { [K in keyof AdminOrderFilters]: string | null } & { page: number; limit: number };

/** Staff: one page of the orders a search finds, newest first, with the sum of those not cancelled. */
export const ADMIN_ORDER_SEARCH: TypedDocumentNode<AdminOrderSearchData, AdminOrderSearchVariables> = gql`
  query AdminOrderSearch($q: String, $status: String, $from: String, $to: String, $page: Int!, $limit: Int!) {
    adminOrders(q: $q, status: $status, from: $from, to: $to, page: $page, limit: $limit) {
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
`;

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
}

/** Staff: one order (null when there is none with this id). */
export const ADMIN_ORDER_DETAIL: TypedDocumentNode<{ order: AdminOrderDetail | null }, { id: string }> = gql`
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
    }
  }
  ${ADMIN_ORDER_FIELDS}
  ${ORDER_DELIVERY_AND_PRICES}
`;

export interface SetOrderStatusData {
  setOrderStatus: { success: boolean; message: string | null; order: AdminOrder | null };
}

export interface SetOrderStatusVariables {
  id: string;
  status: string;
}

/** Staff: moves an order to a status the server's status machine allows from its current one. */
export const SET_ORDER_STATUS: TypedDocumentNode<SetOrderStatusData, SetOrderStatusVariables> = gql`
  mutation AdminSetOrderStatus($id: ID!, $status: String!) {
    setOrderStatus(id: $id, status: $status) {
      success
      message
      order {
        ...AdminOrderFields
        # The order page's timeline and payment follow the move without asking again.
        paymentInfo {
          id
          status
          method
        }
        paidAt
        shippedAt
        deliveredAt
        cancelledAt
        estimatedDelivery
      }
    }
  }
  ${ADMIN_ORDER_FIELDS}
`;

export interface DeleteOrderData {
  deleteOrder: { success: boolean; message: string | null };
}

/** Admin only: deletes an order (one still holding stock gives it back). */
export const DELETE_ORDER: TypedDocumentNode<DeleteOrderData, { id: string }> = gql`
  mutation AdminDeleteOrder($id: ID!) {
    deleteOrder(id: $id) {
      success
      message
    }
  }
`;
