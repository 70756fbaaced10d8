import { OrderFailureView } from '../../features/checkout/components/order-failure-view';

export default function OrderFailurePage() {
  return <OrderFailureView />;
}
