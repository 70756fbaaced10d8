import { graphqlDocument } from '../../../lib/graphql-document';
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

export interface CreatePaymentOrderData {
  createPaymentOrder: PaymentOrder;
}

export type CreatePaymentOrderVariables = { amount: number; currency: string };

export const CREATE_PAYMENT_ORDER = graphqlDocument('CreatePaymentOrder', `
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
`);

export interface PayTestPaymentOrderData {
  payTestPaymentOrder: TestPayment;
}

export type PayTestPaymentOrderVariables = { orderId: string };

export const PAY_TEST_PAYMENT_ORDER = graphqlDocument('PayTestPaymentOrder', `
  mutation PayTestPaymentOrder($orderId: String!) {
    payTestPaymentOrder(orderId: $orderId) {
      success
      orderId
      paymentId
      signature
    }
  }
`);

export interface VerifyPaymentData {
  verifyPayment: { success: boolean; message?: string | null };
}

export type VerifyPaymentVariables = { orderId: string; paymentId: string; signature: string };

export const VERIFY_PAYMENT = graphqlDocument('VerifyPayment', `
  mutation VerifyPayment($orderId: String!, $paymentId: String!, $signature: String!) {
    verifyPayment(orderId: $orderId, paymentId: $paymentId, signature: $signature) {
      success
      message
    }
  }
`);
