import { graphqlDocument, type ResultOf } from '../../../lib/graphql-document';
import { ORDER_ITEM_SELECTION } from '../../../lib/order-item-selection';
import { ORDER_DELIVERY_AND_PRICES, RETURN_SELECTION } from '../../orders/api/order-documents';

// The list and the status answer select the same fields, so a changed order replaces its row as it is.
const ADMIN_ORDER_FIELDS = `
  fragment AdminOrderFields on Order {
    id
    createdAt
    orderStatus
    nextStatuses
    totalPrice
    buyerName
    # Decision 0103: a shipped or invoiced order is archived, never deleted; archived ones hide from the list.
    shippedAt
    archived
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
  /** Archived orders: '' hides them (the default), 'include' shows them too, 'only' shows just them. */
  archived: string;
}

/** Staff: one page of the orders a search finds, newest first, with the sum of those not cancelled. */
export const ADMIN_ORDER_SEARCH = graphqlDocument('AdminOrderSearch', `
  query AdminOrderSearch($q: String, $status: String, $payment: String, $from: String, $to: String, $archived: String, $page: Int!, $limit: Int!) {
    adminOrders(q: $q, status: $status, payment: $payment, from: $from, to: $to, archived: $archived, page: $page, limit: $limit) {
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

/** Staff: one order (null when there is none with this id). */
export const ADMIN_ORDER_DETAIL = graphqlDocument('AdminOrderDetail', `
  query AdminOrderDetail($id: ID!) {
    order(id: $id) {
      ...AdminOrderFields
      ${ORDER_ITEM_SELECTION}
      ...OrderDeliveryAndPrices
      shippedAt
      deliveredAt
      cancelledAt
      estimatedDelivery
      invoiceNumber
      invoiceUrl
      returns { ${RETURN_SELECTION} }
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
        deliveredAt
        cancelledAt
        estimatedDelivery
      }
    }
  }
  ${ADMIN_ORDER_FIELDS}
`);

/** Admin only: archives (true) or unarchives (false) an order; archived ones hide from the staff's default list (decision 0103). */
export const SET_ORDER_ARCHIVED = graphqlDocument('AdminSetOrderArchived', `
  mutation AdminSetOrderArchived($id: ID!, $archived: Boolean!) {
    setOrderArchived(id: $id, archived: $archived) {
      success
      message
      order {
        ...AdminOrderFields
      }
    }
  }
  ${ADMIN_ORDER_FIELDS}
`);

/** Admin only: deletes an order never shipped nor invoiced (one still holding stock gives it back); others are archived. */
export const DELETE_ORDER = graphqlDocument('AdminDeleteOrder', `
  mutation AdminDeleteOrder($id: ID!) {
    deleteOrder(id: $id) {
      success
      message
    }
  }
`);

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

export type AdminOrderSearchData = ResultOf<typeof ADMIN_ORDER_SEARCH>;
/** One page of orders with the count over all pages. */
export type AdminOrdersPageData = AdminOrderSearchData['adminOrders'];
/** An order in Orders Management. Money in rupees; dates as ISO text. */
export type AdminOrder = AdminOrdersPageData['orders'][number];
/** One line of an order as the staff list shows it ('2 x Brass Diya Lamp'). */
export type AdminOrderLine = AdminOrder['orderItems'][number];
/** How the parcel travels, once shipped (decision 0054). */
export type OrderShipment = NonNullable<AdminOrder['shipment']>;
/** An order as dispatch needs it: where it goes, what is in it, what it costs, where it stands. */
export type AdminOrderDetail = NonNullable<ResultOf<typeof ADMIN_ORDER_DETAIL>['order']>;
/** A staff-only note on an order. */
export type OrderNote = NonNullable<ResultOf<typeof ADD_ORDER_NOTE>['addOrderNote']['note']>;
