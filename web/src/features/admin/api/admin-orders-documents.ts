import { gql, type TypedDocumentNode } from '@apollo/client';

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
  /** The buyer; null when the account is gone. */
  user: { id: string; name: string } | null;
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
    user {
      id
      name
    }
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
