import { useParams } from 'react-router-dom';
import { PageTitle } from '../../components/page-title';
import { ListingNotFound } from '../../features/products/components/listing-not-found';
import { ListingView } from '../../features/products/components/listing-view';
import { useListingParams } from '../../features/products/hooks/use-listing-params';
import { useProductListing } from '../../features/products/hooks/use-product-listing';

function CategoryListing({ categoryKey }: { categoryKey: string }) {
  const control = useListingParams();
  const listing = useProductListing({ kind: 'category', category: categoryKey }, control.params);
  // The server names the category (staff may have renamed it); 'Products' until it answers.
  const name = listing.category?.name ?? 'Products';

  if (listing.notFound) {
    return <ListingNotFound title="Category not found" text="This category does not exist or has been renamed." />;
  }
  return (
    <>
      <PageTitle
        title={name}
        description={`Shop ${name} at ShopKart: great prices in rupees, discounts, cash on delivery and free returns within 30 days.`}
      />
      <ListingView
        title={name}
        crumb={name}
        listing={listing}
        control={control}
        subcategories={listing.category?.subcategories}
      />
    </>
  );
}

/** /products/{category}: a category by position index (0–15) or slug. */
export default function CategoryListingPage() {
  const { category = '' } = useParams();
  // A new category is a new page: its own state, no results of the previous one on the way.
  return <CategoryListing key={category} categoryKey={category} />;
}
