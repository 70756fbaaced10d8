import { ComingSoon } from '../../components/coming-soon';

export default function OrderSuccessPage() {
  return <ComingSoon title="Order Placed" description="Your order confirmation will be shown here soon." />;
}
