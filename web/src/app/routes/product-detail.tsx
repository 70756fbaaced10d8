import { useParams } from 'react-router-dom';
import { LoadError } from '../../components/load-error';
import { PageLoader } from '../../components/page-loader';
import { PageTitle } from '../../components/page-title';
import { ProductUnavailable } from '../../features/product/components/product-unavailable';
import { ProductView } from '../../features/product/components/product-view';
import { PRODUCT_LOAD_ERROR, useProductDetail } from '../../features/product/hooks/use-product-detail';

function ProductDetail({ id }: { id: string }) {
  const state = useProductDetail(id);
  switch (state.status) {
    case 'loading':
      return (
        <>
          <PageTitle title="Product Details" />
          <PageLoader message="Loading product…" />
        </>
      );
    case 'invalid':
    case 'not-found':
      return <ProductUnavailable reason={state.status} />;
    case 'error':
      return (
        <div className="container">
          <PageTitle title="Product Details" />
          <h1 className="sr-only">Product Details</h1>
          <LoadError message={PRODUCT_LOAD_ERROR} detail="Please check your connection and try again." onRetry={state.retry} />
        </div>
      );
    case 'ready':
      return <ProductView product={state.data.product} palette={state.data.colorPalette} refresh={state.refresh} />;
  }
}

/** /product/{id}: {id} is the product's internal id. */
export default function ProductDetailPage() {
  const { id = '' } = useParams();
  // Another product is another page: fresh choices (size, colour, quantity) and reviews.
  return <ProductDetail key={id} id={id} />;
}
