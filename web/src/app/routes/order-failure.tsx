import { ComingSoon } from '../../components/coming-soon';

export default function OrderFailurePage() {
  return <ComingSoon title="Order Failed" description="Details about a failed order will be shown here soon." />;
}
