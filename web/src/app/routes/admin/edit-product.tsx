import { ComingSoon } from '../../../components/coming-soon';

export default function EditProductPage() {
  return <ComingSoon title="Edit Product Details" description="The product editing form for staff is coming soon." />;
}
