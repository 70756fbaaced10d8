/**
 * Checkout's texts (spec sections 5 and 8). The order texts are the same as `orderMessages` of
 * proto-contracts/src/order.ts, copied rather than imported: that module pulls zod into the bundle.
 */
export const checkoutText = {
  selectAddressAndPhone: 'Please select a shipping address and phone number.',
  orderPlaced: 'Order placed successfully!',
  placeOrderFailed: 'Failed to place order. Please try again.',
  quoteFailed: 'Could not price your order right now.',
  phoneEmpty: 'Phone number cannot be empty!',
  phoneAdded: 'Phone number added successfully!',
  phoneFailed: 'Failed to add phone number. Please try again.',
  addressAdded: 'Address added successfully!',
  addressFailed: 'Failed to add address. Please try again.',
} as const;

/** The payment test page's alerts (spec section 8). */
export const paymentText = {
  createFailed: 'Error creating order',
  succeeded: 'Payment successful!',
  verificationFailed: 'Payment verification failed!',
  failed: 'Payment failed, try again.',
} as const;
