import { useParams } from 'react-router-dom';
import { ComingSoon } from '../../components/coming-soon';
import { findCategory } from '../../lib/categories';

export default function CategoryListingPage() {
  const { category } = useParams();
  const found = findCategory(category);
  return (
    <ComingSoon
      title={found ? found.name : 'Products'}
      description="Browse this category with price, discount and stock filters. The product listing opens soon."
    />
  );
}
