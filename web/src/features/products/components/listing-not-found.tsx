import { Link } from 'react-router-dom';
import { PageTitle } from '../../../components/page-title';

/** A listing route that names no category or collection. */
export function ListingNotFound({ title, text }: { title: string; text: string }) {
  return (
    <section className="not-found" aria-labelledby="listing-not-found-title">
      <PageTitle title={title} />
      <h1 id="listing-not-found-title">{title}</h1>
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
