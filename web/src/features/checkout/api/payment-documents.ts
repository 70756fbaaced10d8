import { gql, type TypedDocumentNode } from '@apollo/client';

/** A provider order of the payment test page; `amount` is in paise. */
export interface PaymentOrder {
  success: boolean;
  orderId: string;
  amount: number;
  currency: string;
  keyId: string;
  /** The built-in test provider is active (no real provider key configured). */
  testMode: boolean;
}

export interface TestPayment {
  success: boolean;
  orderId: string;
  paymentId: string;
  signature: string;
}

export const CREATE_PAYMENT_ORDER: TypedDocumentNode<
  { createPaymentOrder: PaymentOrder },
  { amount: number; currency: string }
> = gql`
  mutation CreatePaymentOrder($amount: Int!, $currency: String!) {
    createPaymentOrder(amount: $amount, currency: $currency) {
      success
      orderId
      amount
      currency
      keyId
      testMode
    }
  }
`;

export const PAY_TEST_PAYMENT_ORDER: TypedDocumentNode<{ payTestPaymentOrder: TestPayment }, { orderId: string }> = gql`
  mutation PayTestPaymentOrder($orderId: String!) {
    payTestPaymentOrder(orderId: $orderId) {
      success
      orderId
      paymentId
      signature
    }
  }
`;

export const VERIFY_PAYMENT: TypedDocumentNode<
  { verifyPayment: { success: boolean; message?: string | null } },
  { orderId: string; paymentId: string; signature: string }
> = gql`
  mutation VerifyPayment($orderId: String!, $paymentId: String!, $signature: String!) {
    verifyPayment(orderId: $orderId, paymentId: $paymentId, signature: $signature) {
      success
      message
    }
  }
`;
