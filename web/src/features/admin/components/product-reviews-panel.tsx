import { useId } from 'react';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { formatCount } from '../../../lib/format';
import { REVIEWS_LOAD_FAILED, useAdminReviews } from '../hooks/use-admin-reviews';
import { AdminReviewItem } from './admin-review-item';

/** Staff manage a product's reviews below Edit Product Details: read and delete. */
export function ProductReviewsPanel({ productId }: { productId: string }) {
  const headingId = useId();
  const { state, reload, deleteReview, deletingId } = useAdminReviews(productId);

  let body;
  if (state.status === 'loading') {
    body = (
      <p className="admin-reviews__loading">
        <Spinner size="sm" /> Loading reviews...
      </p>
    );
  } else if (state.status === 'error') body = <LoadError message={REVIEWS_LOAD_FAILED} onRetry={reload} />;
  else if (state.reviews.length === 0) body = <p className="admin-reviews__empty">No reviews yet.</p>;
  else {
    body = (
      <ul className="admin-reviews__list" aria-labelledby={headingId}>
        {state.reviews.map((review) => (
          <AdminReviewItem key={review.id} review={review} deletingId={deletingId} onDelete={() => void deleteReview(review)} />
        ))}
      </ul>
    );
  }

  return (
    <section className="card admin-reviews" aria-labelledby={headingId}>
      <div className="admin-reviews__top">
        <h2 id={headingId} className="product-form__title">
          Reviews
        </h2>
        {state.status === 'ready' && state.reviews.length > 0 ? (
          <span className="admin-reviews__count">
            {formatCount(state.reviews.length)} {state.reviews.length === 1 ? 'review' : 'reviews'}
          </span>
        ) : null}
      </div>
      {body}
    </section>
  );
}
