import { Link } from 'react-router-dom';
import { PageTitle } from '../../components/page-title';

export default function NotFoundPage() {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <PageTitle title="Page not found" />
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <div className="not-found__actions">
        <Link to="/" className="btn btn--primary">
          Back to Homepage
        </Link>
        <Link to="/help" className="btn btn--ghost">
          Get help
        </Link>
      </div>
    </section>
  );
}
