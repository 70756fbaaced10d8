import { OrderSuccessView } from '../../features/checkout/components/order-success-view';

export default function OrderSuccessPage() {
  return <OrderSuccessView />;
}
