import { ComingSoon } from '../../components/coming-soon';

export default function ProductDetailPage() {
  return (
    <ComingSoon
      title="Product Details"
      description="Photos, sizes, colours, delivery and return information for this product will appear here soon."
    />
  );
}
