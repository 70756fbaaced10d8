import { ComingSoon } from '../../components/coming-soon';

export default function PaymentPage() {
  return <ComingSoon title="Payment" description="The card payment test page will be available soon." />;
}
