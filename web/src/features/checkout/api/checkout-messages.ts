/**
 * Checkout's own texts: only those the server never sends (a failed request, the address book's
 * toasts). The order's texts are the server's `orderMessages` (`@shop/proto-contracts/web`).
 */
export const checkoutText = {
  placeOrderFailed: 'Failed to place order. Please try again.',
  quoteFailed: 'Could not price your order right now.',
  phoneEmpty: 'Phone number cannot be empty!',
  phoneAdded: 'Phone number added successfully!',
  phoneFailed: 'Failed to add phone number. Please try again.',
  addressAdded: 'Address added successfully!',
  addressFailed: 'Failed to add address. Please try again.',
} as const;

/** The payment test page's alerts when the provider or the network fails. */
export const paymentText = {
  createFailed: 'Error creating order',
  failed: 'Payment failed, try again.',
} as const;
