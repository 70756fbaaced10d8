import { graphqlDocument, type ResultOf, type VariablesOf } from '../../../lib/graphql-document';

const RETURN_SELECTION = `
  id orderId orderNumber status reason photo refundAmount paymentMethod refundMethod refundReference createdAt
  refundTo { method upiId ifsc accountNumber accountName }
  customer { name email }
  items { productId name image quantity properties { size color } }
  timeline { status note at }
  nextStatuses
`;

/** Staff: returns of a status (all when null), newest first, 20 per page. */
export const ADMIN_RETURNS = graphqlDocument('AdminReturns', `
  query AdminReturns($status: String, $page: Int) {
    adminReturns(status: $status, page: $page) {
      total totalPages currentPage
      returns { ${RETURN_SELECTION} }
    }
  }
`);

/** Staff move a return on: approve or reject (with a note), mark received, record the refund. */
export const UPDATE_RETURN = graphqlDocument('UpdateReturn', `
  mutation UpdateReturn($id: ID!, $input: UpdateReturnInput!) {
    updateReturn(id: $id, input: $input) {
      success
      message
      return { ${RETURN_SELECTION} }
    }
  }
`);

/** The filter chips of the staff returns page (the address's `?status=`). */
export const RETURN_FILTERS = ['requested', 'approved', 'received', 'refunded', 'rejected', 'all'] as const;
export type ReturnFilter = (typeof RETURN_FILTERS)[number];

export const REFUND_METHODS = ['UPI', 'Bank transfer', 'Original payment method'] as const;

/** What each move's button says. */
export const ACTION_LABELS: Record<string, string> = {
  approved: 'Approve',
  rejected: 'Reject',
  received: 'Mark received',
  refunded: 'Record refund',
};

/** Staff refunding a received COD return: the UPI ID or account in full, for this return only. */
export const RETURN_REFUND_DETAILS = graphqlDocument('ReturnRefundDetails', `
  query ReturnRefundDetails($id: ID!) {
    returnRefundDetails(id: $id) { method upiId ifsc accountNumber accountName }
  }
`);

export type AdminReturnsData = ResultOf<typeof ADMIN_RETURNS>;
/** A return as staff handle it (the order service's Return; money in rupees; refundTo masked, decision 0054). */
export type AdminReturn = AdminReturnsData['adminReturns']['returns'][number];
export type UpdateReturnVariables = VariablesOf<typeof UPDATE_RETURN>;
