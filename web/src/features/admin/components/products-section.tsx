import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ImageOffIcon, PlusIcon, SearchIcon } from '../../../components/icons';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { Pagination } from '../../../components/pagination';
import { getErrorMessage } from '../../../lib/api-errors';
import { formatCount, formatINR } from '../../../lib/format';
import { cardVariantOf } from '../../../lib/product-images';
import type { AdminProduct } from '../api/admin-products-documents';
import { useAdminProducts } from '../hooks/use-admin-products';
import { useAdminProductsDelete } from '../hooks/use-admin-products-delete';
import { PRODUCT_SEARCH_MAX_LENGTH, useAdminProductsParams } from '../hooks/use-admin-products-params';

const LOADING_TEXT = 'Loading products...';
const EMPTY_TEXT = 'No products found.';
const LOAD_ERROR = 'Could not load the products.';
/** How long the search waits after the last keystroke before asking the server. */
const SEARCH_DEBOUNCE_MS = 300;

function ProductThumb({ product }: { product: AdminProduct }) {
  if (!product.thumbnail) {
    return (
      <span className="admin-products__thumb admin-products__thumb--none" title="No image">
        <ImageOffIcon size={20} />
      </span>
    );
  }
  return (
    <img
      className="admin-products__thumb"
      src={cardVariantOf(product.thumbnail)}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
    />
  );
}

interface ProductRowProps {
  product: AdminProduct;
  deletingId: string | null;
  onDelete(product: AdminProduct): void;
}

function ProductRow({ product, deletingId, onDelete }: ProductRowProps) {
  const deleting = deletingId === product.id;
  return (
    <tr role="row" aria-busy={deleting || undefined}>
      <td role="cell" className="admin-products__image-cell">
        <ProductThumb product={product} />
      </td>
      <th role="rowheader" scope="row" className="admin-products__name-cell">
        <span className="admin-products__name">{product.name}</span>
        <span className="admin-products__meta">
          {product.code} · {product.category.name}
        </span>
      </th>
      <td role="cell" data-label="Price" className="admin-ops-table__num">
        {formatINR(product.price)}
      </td>
      <td role="cell" data-label="Stock" className="admin-ops-table__num">
        {product.stock > 0 ? formatCount(product.stock) : <span className="admin-products__sold-out">Out of stock</span>}
      </td>
      <td role="cell" data-label="Actions">
        <div className="admin-ops-actions">
          <Link to={`/admin/product/edit/${encodeURIComponent(product.id)}`} className="btn btn--outline btn--sm">
            Edit<span className="sr-only"> {product.name}</span>
          </Link>
          <button
            type="button"
            className="btn btn--sm admin-ops-btn--danger"
            onClick={() => onDelete(product)}
            disabled={deletingId !== null}
          >
            {deleting ? 'Deleting...' : 'Delete'}
            <span className="sr-only"> {product.name}</span>
          </button>
        </div>
      </td>
    </tr>
  );
}

/**
 * The staff product list: search by name or code (debounced, in the address), 20 a page, with
 * Edit (to the edit page) and Delete, and a way to create a product.
 */
export function ProductsSection() {
  const { query, page, setQuery, setPage } = useAdminProductsParams();
  const { state, reload } = useAdminProducts(query, page);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const searchId = useId();

  // The box updates at once; the address (and the request) follow a moment after the last key.
  const [text, setText] = useState(query);
  const sent = useRef(query);
  useEffect(() => {
    // Back/Forward or a link changed the search: show it in the box.
    if (query !== sent.current) {
      sent.current = query;
      setText(query);
    }
  }, [query]);
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === sent.current) return;
    const timer = window.setTimeout(() => {
      sent.current = wanted;
      setQuery(wanted);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, setQuery]);

  function searchNow(event: FormEvent) {
    event.preventDefault();
    const wanted = text.trim();
    if (wanted === sent.current) return;
    sent.current = wanted;
    setQuery(wanted);
  }

  const onDeleted = useCallback(() => {
    reload();
    headingRef.current?.focus();
  }, [reload]);
  const { deleteProduct, deletingId } = useAdminProductsDelete(onDeleted);

  // An address past the last page (e.g. after deletions) shows the last page instead. No match
  // at all is totalPages 0, which is still page 1: going to "page 0" would only set page 1 again,
  // over and over.
  const shown = state.status === 'ready' ? state.page : null;
  const lastPage = state.status === 'ready' && !state.refreshing ? Math.max(1, state.page.totalPages) : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) setPage(lastPage, { replace: true });
  }, [lastPage, page, setPage]);

  let body;
  let summary = '';
  if (state.status === 'loading') body = <PageLoader message={LOADING_TEXT} />;
  else if (state.status === 'error') {
    // The toast already says 'Error while loading Product'; the notice adds the server's reason, if any.
    body = <LoadError message={LOAD_ERROR} detail={getErrorMessage(state.error, '') || undefined} onRetry={reload} />;
  } else if (state.page.products.length === 0) {
    body = (
      <div className="admin-ops-empty">
        <p>{EMPTY_TEXT}</p>
        {query ? <p className="admin-ops-empty__hint">Try another name or product code.</p> : null}
      </div>
    );
  } else {
    const { products, productCount, resultsPerPage, currentPage } = state.page;
    const first = (currentPage - 1) * resultsPerPage + 1;
    const last = first + products.length - 1;
    summary = `Showing ${formatCount(first)}–${formatCount(last)} of ${formatCount(productCount)} ${productCount === 1 ? 'product' : 'products'}${query ? ` matching “${query}”` : ''}`;
    body = (
      <div className="admin-ops-table-wrap">
        <table role="table" className="admin-ops-table admin-products__table">
          <caption className="sr-only">{summary}</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th role="columnheader" scope="col">
                <span className="sr-only">Image</span>
              </th>
              <th role="columnheader" scope="col">Product</th>
              <th role="columnheader" scope="col" className="admin-ops-table__num">
                Price
              </th>
              <th role="columnheader" scope="col" className="admin-ops-table__num">
                Stock
              </th>
              <th role="columnheader" scope="col">Actions</th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {products.map((product) => (
              <ProductRow key={product.id} product={product} deletingId={deletingId} onDelete={(p) => void deleteProduct(p)} />
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  const refreshing = state.status === 'ready' && state.refreshing;
  return (
    <section className="admin-ops-section admin-products" aria-labelledby={headingId}>
      <div className="admin-ops-section__head">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="admin-ops-section__title">
          Products
        </h2>
        <Link to="/admin/product/create" className="btn btn--primary btn--sm">
          <PlusIcon size={18} />
          Create Product
        </Link>
      </div>
      <div className="admin-products__toolbar">
        <form role="search" className="admin-products__search" onSubmit={searchNow}>
          <label htmlFor={searchId} className="field__label">
            Search by name or code
          </label>
          <div className="admin-products__search-box">
            <SearchIcon size={18} className="admin-products__search-icon" />
            <input
              id={searchId}
              type="search"
              className="field__input"
              value={text}
              onChange={(event) => setText(event.target.value)}
              maxLength={PRODUCT_SEARCH_MAX_LENGTH}
              autoComplete="off"
              enterKeyHint="search"
            />
          </div>
        </form>
        <p className="admin-products__summary" role="status">
          {refreshing ? LOADING_TEXT : summary}
        </p>
      </div>
      <div className={`admin-products__body${refreshing ? ' is-refreshing' : ''}`} aria-busy={refreshing || state.status === 'loading' || undefined}>
        {body}
      </div>
      {shown ? (
        <Pagination current={page} total={shown.totalPages} onChange={(next) => setPage(next)} label="Products pages" />
      ) : null}
    </section>
  );
}
