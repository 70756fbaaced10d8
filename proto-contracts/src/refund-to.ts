/**
 * Where the refund of a cash-on-delivery return is paid (the order has no card or account to go
 * back to): the shopper's UPI ID, or an Indian bank account (IFSC and account number). Zod-free,
 * so the shopper's return form checks the same rules as the server. Shown in full only to staff
 * refunding that return; masked everywhere else.
 */
export type RefundTo =
  | { method: 'UPI'; upiId: string }
  | { method: 'Bank transfer'; ifsc: string; accountNumber: string; accountName: string };

/** A UPI ID (VPA): a handle and the provider after '@' (ravi.k@okaxis, 9876543210@ybl). */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;
/** An IFSC: 4 letters (the bank), 0, then 6 letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** An Indian bank account number: 9 to 18 digits. */
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
export const MAX_ACCOUNT_NAME_LENGTH = 100;

export const refundToMessages = {
  required: 'For a cash-on-delivery order, please tell us where to send the refund: a UPI ID or a bank account',
  onlyForCod: 'An order paid online is refunded to the way it was paid',
  methodInvalid: 'Refund to must be UPI or Bank transfer',
  upiInvalid: 'Please enter a valid UPI ID, e.g. name@okaxis',
  ifscInvalid: 'Please enter a valid IFSC: 11 characters, e.g. HDFC0001234',
  accountNumberInvalid: 'Please enter the account number: 9 to 18 digits',
  accountNameRequired: 'Please enter the account holder’s name',
  accountNameTooLong: `The account holder’s name can be at most ${MAX_ACCOUNT_NAME_LENGTH} characters long`,
  onlyWhenRefunding: 'The refund details are shown once the return is received, to refund it',
} as const;

/** A UPI ID or account number shown with all but a few characters hidden (ra••••@okaxis, ••••••7890). */
export function maskRefundTo(to: RefundTo | null | undefined): RefundTo | null {
  if (!to) return null;
  if (to.method === 'UPI') {
    const [handle, provider] = to.upiId.split('@');
    return { method: 'UPI', upiId: `${handle!.slice(0, 2)}${'•'.repeat(Math.max(2, handle!.length - 2))}@${provider}` };
  }
  return {
    method: 'Bank transfer',
    ifsc: to.ifsc,
    accountNumber: `${'•'.repeat(Math.max(2, to.accountNumber.length - 4))}${to.accountNumber.slice(-4)}`,
    accountName: to.accountName,
  };
}
