import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { formatCount } from '../../../lib/format';
import { useSessionQuery } from '../../../lib/use-session-graphql';
import { ADMIN_LOW_STOCK } from '../api/admin-low-stock-documents';
import { parsePageParam } from '../hooks/use-admin-orders-params';
import { AdminPager } from './admin-pager';

const PER_PAGE = 20;

/** Low stock (decision 0057): products and sizes at or under the shop's threshold, fewest first, each a link to restock it. */
export function LowStockSection() {
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const page = parsePageParam(params.get('page'));
  const { data, error, loading, refetch } = useSessionQuery(ADMIN_LOW_STOCK, { page, limit: PER_PAGE }, { remember: true });
  const found = data?.adminLowStock;

  let body;
  if (found && found.products.length === 0) body = <p className="admin-empty">No product is running out.</p>;
  else if (found) {
    body = (
      <div className="admin-ops-table-wrap">
        <table className="admin-ops-table admin-low-stock__table">
          <caption className="sr-only">Products running out, fewest units first</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="admin-ops-table__num">
                In stock
              </th>
              <th scope="col">Sizes running out</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {found.products.map((p) => (
              <tr key={p.id}>
                <th scope="row" data-label="Product">
                  <span className="admin-low-stock__name">{p.name}</span>
                  <span className="admin-low-stock__code">{p.code}</span>
                </th>
                <td data-label="In stock" className="admin-ops-table__num">
                  <span className={p.stock === 0 ? 'admin-low-stock__out' : undefined}>{p.stock === 0 ? 'Sold out' : formatCount(p.stock)}</span>
                </td>
                <td data-label="Sizes running out">{p.lowSizes.length ? p.lowSizes.map((s) => `${s.size}: ${s.stock}`).join(', ') : '—'}</td>
                <td data-label="Action">
                  <Link className="btn btn--outline btn--sm" to={`/admin/product/edit/${p.id}`}>
                    Restock<span className="sr-only"> {p.name}</span>
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  } else if (loading) body = <PageLoader message="Loading low stock..." />;
  else body = <LoadError message="Could not fetch the low-stock list." detail={error instanceof Error ? error.message : undefined} onRetry={refetch} />;

  return (
    <section className="admin-ops-section admin-low-stock" aria-labelledby={headingId}>
      <div className="admin-ops-section__head">
        <div>
          <h2 id={headingId} className="admin-ops-section__title">
            Low stock
          </h2>
          {found ? (
            <p className="admin-section__note">
              Products or sizes with {formatCount(found.threshold)} {found.threshold === 1 ? 'unit' : 'units'} or fewer (the shop&apos;s LOW_STOCK_THRESHOLD), fewest first.
            </p>
          ) : null}
        </div>
        {found ? (
          <p className="admin-section__count" role="status">
            {formatCount(found.total)} {found.total === 1 ? 'product' : 'products'}
          </p>
        ) : null}
      </div>
      {body}
      {found && found.totalPages > 1 ? (
        <AdminPager
          label="Low stock pages"
          page={page}
          totalPages={found.totalPages}
          onChange={(next) => {
            const query = new URLSearchParams(params);
            if (next <= 1) query.delete('page');
            else query.set('page', String(next));
            setParams(query);
          }}
        />
      ) : null}
    </section>
  );
}

/** The dashboard's way in: how many products are running out, linking to the list. */
export function LowStockLink() {
  const { data } = useSessionQuery(ADMIN_LOW_STOCK, { page: 1, limit: 1 }, { remember: true });
  const total = data?.adminLowStock.total;
  return (
    <p className="admin-dash__low-stock">
      <Link to="/admin?section=low-stock" className="btn btn--outline btn--sm">
        Low stock{total === undefined ? '' : `: ${formatCount(total)} ${total === 1 ? 'product' : 'products'}`}
      </Link>
    </p>
  );
}
