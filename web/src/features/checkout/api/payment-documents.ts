import { graphqlDocument, type ResultOf } from '../../../lib/graphql-document';
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

export const VERIFY_PAYMENT = graphqlDocument('VerifyPayment', `
  mutation VerifyPayment($orderId: String!, $paymentId: String!, $signature: String!) {
    verifyPayment(orderId: $orderId, paymentId: $paymentId, signature: $signature) {
      success
      message
    }
  }
`);

/** A provider order of the payment test page; `amount` is in paise; testMode: the built-in test provider is active. */
export type PaymentOrder = ResultOf<typeof CREATE_PAYMENT_ORDER>['createPaymentOrder'];
export type TestPayment = ResultOf<typeof PAY_TEST_PAYMENT_ORDER>['payTestPaymentOrder'];
