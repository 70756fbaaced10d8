import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../components/load-error';
import { PageLoader } from '../../../components/page-loader';
import { formatCount } from '../../../lib/format';
import type { ModeratedReview } from '../api/admin-reviews-documents';
import { REVIEWS_LOAD_FAILED, useAdminReviewList, useReviewListParams, type ReviewFilters } from '../hooks/use-admin-review-list';
import { AdminPager } from './admin-pager';
import { AdminReviewItem } from './admin-review-item';

const STATUS_FILTER_LABELS: Record<string, string> = { pending: 'Waiting for approval', approved: 'Approved', rejected: 'Rejected', all: 'All reviews' };
const STATUS_LABELS: Record<string, string> = { pending: 'Waiting for approval', approved: 'Approved', rejected: 'Rejected' };

/** A review's moderation state and the moves from it. */
function ModerationControls({ review, busy, onModerate }: { review: ModeratedReview; busy: boolean; onModerate(status: 'approved' | 'rejected'): void }) {
  return (
    <div className="admin-review__moderation">
      <p className="admin-review__state">
        <span className={`badge review-state review-state--${review.status}`}>{STATUS_LABELS[review.status] ?? review.status}</span>
        {review.status === 'rejected' && review.rejectionReason ? <span className="admin-review__reason">Reason: {review.rejectionReason}</span> : null}
      </p>
      <div className="admin-review__moves">
        {review.status !== 'approved' ? (
          <button type="button" className="btn btn--sm btn--primary" disabled={busy} onClick={() => onModerate('approved')}>
            Approve<span className="sr-only"> the review by {review.userName}</span>
          </button>
        ) : null}
        {review.status !== 'rejected' ? (
          <button type="button" className="btn btn--sm btn--outline" disabled={busy} onClick={() => onModerate('rejected')}>
            Reject<span className="sr-only"> the review by {review.userName}</span>
          </button>
        ) : null}
      </div>
    </div>
  );
}

function ReviewFilterForm({ filters, onChange }: { filters: ReviewFilters; onChange(filters: ReviewFilters): void }) {
  const id = useId();
  const [draft, setDraft] = useState(filters);
  // The address changed (back button, a product link): the form follows it.
  const key = `${filters.q}|${filters.rating}|${filters.productId}|${filters.status}`;
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setDraft(filters);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    onChange(draft);
  }
  return (
    <form role="search" aria-label="Review search" className="admin-user-search" onSubmit={submit}>
      <div className="field admin-user-search__q">
        <label htmlFor={`${id}-q`} className="field__label">
          Find reviews
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className="field__input"
          placeholder="Comment, reviewer or product"
          maxLength={100}
          value={draft.q}
          onChange={(event) => setDraft({ ...draft, q: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-status`} className="field__label">
          Status
        </label>
        <select id={`${id}-status`} className="field__input" value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value })}>
          {Object.entries(STATUS_FILTER_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-rating`} className="field__label">
          Rating
        </label>
        <select id={`${id}-rating`} className="field__input" value={draft.rating} onChange={(event) => setDraft({ ...draft, rating: event.target.value })}>
          <option value="">All ratings</option>
          {['5', '4', '3', '2', '1'].map((stars) => (
            <option key={stars} value={stars}>
              {stars} {stars === '1' ? 'star' : 'stars'}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-user-search__buttons">
        <button type="submit" className="btn btn--primary btn--sm">
          Search reviews
        </button>
      </div>
    </form>
  );
}

/**
 * Reviews moderation (staff, decision 0056): the queue of reviews waiting for approval first (or
 * every review, approved or rejected ones), newest first, by rating, product and text, 20 a page;
 * each approved, rejected with a reason, or deleted after confirming. A product's name narrows the
 * list to that product.
 */
export function ReviewsSection() {
  const headingId = useId();
  const { filters, page, setFilters, setPage } = useReviewListParams();
  const { state, reload, deleteReview, deletingId, moderate, moderatingId, dialog } = useAdminReviewList(filters, page);
  const lastPage = state.status === 'ready' ? state.page.totalPages : null;
  useEffect(() => {
    if (lastPage !== null && page > lastPage) setPage(lastPage, { replace: true });
  }, [lastPage, page, setPage]);
  const productName = state.status === 'ready' && filters.productId ? state.page.reviews[0]?.productName : null;

  let body;
  if (state.status === 'loading') body = <PageLoader message="Loading reviews..." />;
  else if (state.status === 'error') body = <LoadError message={REVIEWS_LOAD_FAILED} onRetry={reload} />;
  else if (state.page.reviews.length === 0) body = <p className="admin-empty">{filters.status === 'pending' && !filters.q && !filters.rating && !filters.productId ? 'No reviews are waiting for approval.' : 'No reviews found.'}</p>;
  else {
    body = (
      <ul className="admin-reviews__list" aria-labelledby={headingId}>
        {state.page.reviews.map((review) => (
          <AdminReviewItem
            key={review.id}
            review={review}
            deletingId={deletingId}
            onDelete={() => void deleteReview(review)}
            moderation={<ModerationControls review={review} busy={moderatingId !== null || deletingId !== null} onModerate={(to) => void moderate(review, to)} />}
          >
            <p className="admin-review__product">
              on{' '}
              <button type="button" className="link-button" onClick={() => setFilters({ ...filters, productId: review.productId })}>
                {review.productName ?? 'a product'}
                <span className="sr-only"> (show only its reviews)</span>
              </button>{' '}
              · <Link to={`/admin/product/edit/${review.productId}`}>Edit product</Link>
            </p>
          </AdminReviewItem>
        ))}
      </ul>
    );
  }

  return (
    <section className="admin-section admin-reviews-section" aria-labelledby={headingId}>
      <div className="admin-section__head">
        <div>
          <h2 id={headingId} className="admin-section__title">
            Reviews
          </h2>
          <p className="admin-section__note">
            New reviews wait here until approved; only approved reviews are shown to shoppers. Verified purchase: the reviewer received the product.
          </p>
        </div>
        {state.status === 'ready' && state.page.total > 0 ? (
          <p className="admin-section__count" role="status">
            {formatCount(state.page.total)} {state.page.total === 1 ? 'review' : 'reviews'}
          </p>
        ) : null}
      </div>
      <ReviewFilterForm filters={filters} onChange={setFilters} />
      {filters.productId ? (
        <p className="admin-reviews-section__product">
          Showing the reviews of {productName ?? 'one product'}.{' '}
          <button type="button" className="link-button" onClick={() => setFilters({ ...filters, productId: '' })}>
            Show all products
          </button>
        </p>
      ) : null}
      {body}
      {state.status === 'ready' && state.page.totalPages > 1 ? (
        <AdminPager label="Reviews pages" page={page} totalPages={state.page.totalPages} onChange={(next) => setPage(next)} />
      ) : null}
      {dialog}
    </section>
  );
}
