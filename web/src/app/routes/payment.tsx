import { PaymentTestView } from '../../features/checkout/components/payment-test-view';

export default function PaymentPage() {
  return <PaymentTestView />;
}
