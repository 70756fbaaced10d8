import { Link } from 'react-router-dom';
import { PageTitle } from '../../../components/page-title';

/** /product/{id} with a malformed id ('Invalid product ID') or an unknown one ('Product not found'). */
export function ProductUnavailable({ reason }: { reason: 'invalid' | 'not-found' }) {
  const title = reason === 'invalid' ? 'Invalid product ID' : 'Product not found';
  const text =
    reason === 'invalid'
      ? 'This link does not point to a product. Please check the address and try again.'
      : 'This product is no longer available, or the link is wrong.';
  return (
    <section className="not-found" aria-labelledby="product-unavailable-title">
      <PageTitle title={title} />
      <p className="not-found__code" aria-hidden="true">
        {reason === 'invalid' ? '400' : '404'}
      </p>
      <h1 id="product-unavailable-title">{title}</h1>
      <p>{text}</p>
      <div className="not-found__actions">
        <Link to="/" className="btn btn--primary">
          Back to Homepage
        </Link>
        <Link to="/products/tag/popular" className="btn btn--ghost">
          See popular products
        </Link>
      </div>
    </section>
  );
}
