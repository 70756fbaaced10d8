import { useQuery } from '@apollo/client/react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { formatCount } from '../../../lib/format';
import { ADMIN_CATEGORIES } from '../api/admin-dashboard-documents';

/** Categories (from the admin header): the top-level categories and their subcategories, read-only for now. */
export function CategoriesSection() {
  const headingId = useId();
  const { data, error, loading, refetch } = useQuery(ADMIN_CATEGORIES, { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first' });
  const categories = data?.categories;

  let body;
  if (categories) {
    body = (
      <ol className="admin-categories">
        {categories.map((category) => (
          <li key={category.id} className="admin-category">
            <div className="admin-category__head">
              <h3 className="admin-category__name">
                <Link to={`/products/${category.str}`}>{category.name}</Link>
              </h3>
              <span className="admin-category__count">
                {formatCount(category.productCount)} {category.productCount === 1 ? 'product' : 'products'}
              </span>
            </div>
            {category.subcategories.length > 0 ? (
              <ul className="admin-category__subs" aria-label={`Subcategories of ${category.name}`}>
                {category.subcategories.map((sub) => (
                  <li key={sub.id} className="admin-category__sub">
                    {sub.name}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="admin-category__none">No subcategories</p>
            )}
          </li>
        ))}
      </ol>
    );
  } else if (loading) body = <PageLoader message="Loading categories..." />;
  else body = <LoadError message="Could not load the categories." detail={error ? undefined : 'No answer from the server.'} onRetry={() => void refetch().catch(() => undefined)} />;

  return (
    <section className="admin-section admin-categories-section" aria-labelledby={headingId}>
      <div className="admin-section__head">
        <div>
          <h2 id={headingId} className="admin-section__title">
            Categories
          </h2>
          <p className="admin-section__note">The shop's categories and their subcategories. Editing them comes in a later release.</p>
        </div>
        {categories ? <p className="admin-section__count">{formatCount(categories.length)} categories</p> : null}
      </div>
      {body}
    </section>
  );
}
