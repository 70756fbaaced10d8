import { useParams } from 'react-router-dom';
import { ComingSoon } from '../../components/coming-soon';
import { tagLabel } from '../../lib/product-tags';

export default function TagListingPage() {
  const { tag } = useParams();
  return (
    <ComingSoon
      title={tagLabel(tag)}
      description="Hand-picked products for this collection, with filters for price, discounts and stock. Opening soon."
    />
  );
}
