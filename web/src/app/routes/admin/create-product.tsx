import { ComingSoon } from '../../../components/coming-soon';

export default function CreateProductPage() {
  return <ComingSoon title="Create Product" description="The product creation form for staff is coming soon." />;
}
