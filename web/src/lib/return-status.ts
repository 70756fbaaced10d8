/**
 * A return's statuses as shoppers and staff read them (the order service's return machine,
 * decision 0025; copied rather than imported, as proto-contracts would pull zod into the bundle).
 */
export const RETURN_STATUS_LABELS: Record<string, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received',
  refunded: 'Refunded',
};

export const returnStatusLabel = (status: string) => RETURN_STATUS_LABELS[status.toLowerCase()] ?? status;

/** What each step means for the shopper, under its name on the timeline. */
export const RETURN_STEP_TEXT: Record<string, string> = {
  requested: 'We received your return request.',
  approved: 'Our courier will pick the items up.',
  rejected: 'We could not accept this return.',
  received: 'The items reached us; your refund is on its way.',
  refunded: 'Your refund was paid.',
};
