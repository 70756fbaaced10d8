import { orderMessages } from '@shop/proto-contracts/web';
import { useCallback, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useDialogs } from '../../../components/confirm-dialog';
import { useSessionMutation } from '../../../lib/use-session-graphql';
import { paymentText } from '../api/checkout-messages';
import { CREATE_PAYMENT_ORDER, PAY_TEST_PAYMENT_ORDER, VERIFY_PAYMENT, type PaymentOrder } from '../api/payment-documents';

/** The test payment is 50000 paise (₹500.00) in INR. */
export const TEST_PAYMENT_AMOUNT_PAISE = 50000;
export const TEST_PAYMENT_CURRENCY = 'INR';

export type TestPaymentPhase = 'idle' | 'creating' | 'checkout' | 'paying';

export interface TestPayment {
  phase: TestPaymentPhase;
  /** The provider order the test checkout dialog shows. */
  order: PaymentOrder | null;
  /** The server has a real provider key: its checkout is not part of this build. */
  providerUnavailable: boolean;
  start(): Promise<void>;
  pay(): Promise<void>;
  cancel(): void;
}

/**
 * The payment test page's flow: create a provider order; in test mode the built-in provider's
 * dialog takes over ("Pay" asks the provider for a genuine payment id and signature, which the
 * server then verifies); each outcome ends with the spec's alert and the focus back on Pay Now.
 */
export function useTestPayment(returnFocusTo: RefObject<HTMLElement | null>): TestPayment {
  const dialogs = useDialogs();
  const { mutate: createOrder } = useSessionMutation(CREATE_PAYMENT_ORDER,
  );
  const { mutate: payTestOrder } = useSessionMutation(PAY_TEST_PAYMENT_ORDER,
  );
  const { mutate: verifyPayment } = useSessionMutation(VERIFY_PAYMENT);
  const [phase, setPhaseState] = useState<TestPaymentPhase>('idle');
  const [order, setOrder] = useState<PaymentOrder | null>(null);
  const [providerUnavailable, setProviderUnavailable] = useState(false);
  // Read by handlers that may run before a re-render (double clicks, Escape while paying).
  const phaseRef = useRef<TestPaymentPhase>('idle');
  const setPhase = useCallback((next: TestPaymentPhase) => {
    phaseRef.current = next;
    setPhaseState(next);
  }, []);

  /** Closes the payment dialog on screen first, then tells the result; the focus goes back after. */
  const finish = useCallback(
    (message: string) => {
      flushSync(() => {
        setOrder(null);
        setPhase('idle');
      });
      void dialogs.notify(message).then(() => returnFocusTo.current?.focus());
    },
    [returnFocusTo, setPhase, dialogs],
  );

  const start = useCallback(async () => {
    if (phaseRef.current !== 'idle') return;
    setPhase('creating');
    let created: PaymentOrder | undefined;
    try {
      const data = await createOrder({ amount: TEST_PAYMENT_AMOUNT_PAISE, currency: TEST_PAYMENT_CURRENCY });
      created = data.createPaymentOrder;
    } catch {
      created = undefined;
    }
    if (!created?.success) return finish(paymentText.createFailed);
    if (!created.testMode) {
      // A real provider's checkout script is not part of this build: say so rather than pretend.
      setProviderUnavailable(true);
      return finish(paymentText.failed);
    }
    setOrder(created);
    setPhase('checkout');
  }, [createOrder, finish, setPhase]);

  const pay = useCallback(async () => {
    if (phaseRef.current !== 'checkout' || !order) return;
    setPhase('paying');
    let payment: { paymentId: string; signature: string } | undefined;
    try {
      const data = await payTestOrder({ orderId: order.orderId });
      if (data.payTestPaymentOrder.success) payment = data.payTestPaymentOrder;
    } catch {
      payment = undefined;
    }
    if (!payment) return finish(paymentText.failed);
    try {
      const data = await verifyPayment({ orderId: order.orderId, paymentId: payment.paymentId, signature: payment.signature });
      finish(data.verifyPayment.success ? orderMessages.paymentVerified : orderMessages.paymentVerificationFailed);
    } catch {
      finish(orderMessages.paymentVerificationFailed);
    }
  }, [order, payTestOrder, verifyPayment, finish, setPhase]);

  const cancel = useCallback(() => {
    if (phaseRef.current === 'checkout') finish(paymentText.failed);
  }, [finish]);

  return { phase, order, providerUnavailable, start, pay, cancel };
}
