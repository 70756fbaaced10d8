import { graphqlDocument } from '../../../lib/graphql-document';
import type { RefundTo } from '@shop/proto-contracts/web';

/** A return as staff handle it (the order service's Return; money in rupees). */
export interface AdminReturn {
  id: string;
  orderId: string;
  orderNumber: string;
  status: string;
  reason: string;
  photo: string | null;
  refundAmount: number;
  paymentMethod: string;
  refundMethod: string | null;
  refundReference: string | null;
  /** COD returns: where the shopper asked the refund to go, masked (decision 0054). */
  refundTo: RefundTo | null;
  createdAt: string;
  customer: { name: string; email: string | null };
  items: Array<{ productId: string; name: string; image: string | null; quantity: number; properties: { size: string | null; color: string | null } }>;
  timeline: Array<{ status: string; note: string | null; at: string }>;
  nextStatuses: string[];
}

const RETURN_SELECTION = `
  id orderId orderNumber status reason photo refundAmount paymentMethod refundMethod refundReference createdAt
  refundTo { method upiId ifsc accountNumber accountName }
  customer { name email }
  items { productId name image quantity properties { size color } }
  timeline { status note at }
  nextStatuses
`;

export interface AdminReturnsData {
  adminReturns: { returns: AdminReturn[]; total: number; totalPages: number; currentPage: number };
}

/** Staff: returns of a status (all when null), newest first, 20 per page. */
export const ADMIN_RETURNS = graphqlDocument('AdminReturns', `
  query AdminReturns($status: String, $page: Int) {
    adminReturns(status: $status, page: $page) {
      total totalPages currentPage
      returns { ${RETURN_SELECTION} }
    }
  }
`);

export interface UpdateReturnData {
  updateReturn: { success: boolean; message: string | null; return: AdminReturn | null };
}

export type UpdateReturnVariables = {
  id: string;
  input: { status: string; note?: string | null; refundMethod?: string | null; refundReference?: string | null };
};

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
