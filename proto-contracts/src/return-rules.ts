/**
 * Returns within 30 days (the shop's promise made real): request, staff decision, receipt (the
 * stock goes back once) and refund. Shared by the order service, the gateway's OpenAPI and the web: the
 * statuses, limits and texts here are plain data without zod (the web imports them through web.ts).
 */

/** How long after delivery a return may be requested. */
export const RETURN_WINDOW_DAYS = 30;

/** A return's statuses, in the order a return usually passes them. */
export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** How a refund was paid back (a cash-on-delivery order has no card to refund to). */
export const REFUND_METHODS = ['UPI', 'Bank transfer', 'Original payment method'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

export const RETURNS_PER_PAGE = 20;
export const MAX_RETURN_REASON_LENGTH = 500;
export const MIN_RETURN_REASON_LENGTH = 5;
export const MAX_RETURN_NOTE_LENGTH = 500;
export const MAX_REFUND_REFERENCE_LENGTH = 100;

export const returnMessages = {
  itemsRequired: 'Please choose at least one item to return',
  reasonRequired: 'Please tell us why you are returning it',
  reasonTooShort: `Please describe the reason in at least ${MIN_RETURN_REASON_LENGTH} characters`,
  reasonTooLong: `The reason can be at most ${MAX_RETURN_REASON_LENGTH} characters long`,
  photoInvalid: 'The photo must be an image uploaded to the shop',
  notDelivered: 'Only a delivered order can be returned',
  windowClosed: (days: number) => `The ${days}-day return window for this order has closed`,
  notInOrder: (what: string) => `${what} is not part of this order`,
  tooMany: (name: string, left: number) =>
    left === 0 ? `${name} has already been returned in full` : `You can return at most ${left} more of ${name}`,
  returnRequested: 'Return requested. We will let you know by mail once it is reviewed.',
  returnNotFound: 'Return not found',
  invalidReturnId: 'Invalid return ID',
  statusRequired: 'Please choose a status',
  unknownStatus: (s: string) => `Unknown return status: ${s}`,
  cannotChange: (from: string, to: string) => `A ${from} return cannot become ${to}`,
  noteTooLong: `The note can be at most ${MAX_RETURN_NOTE_LENGTH} characters long`,
  // A COD order's refund is paid out of the cash the courier collected: none before it (issue 38).
  codNotCollected: 'The cash of this cash-on-delivery order has not been collected yet. Record it as collected before refunding.',
  refundDetailsRequired: 'Please give the refund method and reference (e.g. the UPI transaction ID)',
  refundMethodInvalid: `Refund method must be one of: ${REFUND_METHODS.join(', ')}`,
  refundReferenceTooLong: `The refund reference can be at most ${MAX_REFUND_REFERENCE_LENGTH} characters long`,
  returnUpdated: 'Return updated',
  pageInvalid: 'page must be a whole number, 1 or more',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isReturnId = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

/** A return's statuses as shoppers and staff read them. */
export const RETURN_STATUS_LABELS: Readonly<Record<ReturnStatus, string>> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received',
  refunded: 'Refunded',
};

/** The label of a status in any case; an unknown status is shown as it came. */
export const returnStatusLabel = (status: string) => RETURN_STATUS_LABELS[status.trim().toLowerCase() as ReturnStatus] ?? status;

/** What each step means for the shopper, under its name on the return's timeline. */
export const RETURN_STEP_TEXT: Readonly<Record<ReturnStatus, string>> = {
  requested: 'We received your return request.',
  approved: 'Our courier will pick the items up.',
  rejected: 'We could not accept this return.',
  received: 'The items reached us; your refund is on its way.',
  refunded: 'Your refund was paid.',
};
