import { useParams } from 'react-router-dom';
import { PageTitle } from '../../components/page-title';
import { resolveTag } from '../../lib/product-tags';
import { ListingNotFound } from '../../features/products/components/listing-not-found';
import { ListingView } from '../../features/products/components/listing-view';
import { useListingParams } from '../../features/products/hooks/use-listing-params';
import { useProductListing } from '../../features/products/hooks/use-product-listing';

function TagListing({ tagKey, label }: { tagKey: string; label: string }) {
  const control = useListingParams();
  const listing = useProductListing({ kind: 'tag', tag: tagKey }, control.params);
  return (
    <>
      <PageTitle
        title={label}
        description={`${label} at ShopKart: hand-picked products with prices in rupees, cash on delivery and free returns within 30 days.`}
      />
      <ListingView title={label} crumb={label} listing={listing} control={control} />
    </>
  );
}

/** /products/tag/{tag}: the tag defaults to popular; the listing starts at page 1. */
export default function TagListingPage() {
  const { tag } = useParams();
  const found = resolveTag(tag);
  if (!found) {
    return <ListingNotFound title="Collection not found" text="There is no product collection by this name." />;
  }
  return <TagListing key={found.key} tagKey={found.key} label={found.label} />;
}
