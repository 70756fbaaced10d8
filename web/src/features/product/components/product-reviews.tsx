import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { RatingStars } from '../../../components/rating-stars';
import { Spinner } from '../../../components/spinner';
import { formatDate } from '../../../lib/format';
import { graphqlRequest } from '../../../lib/graphql-request';
import { useSession } from '../../../lib/session';
import { toastFailure } from '../../../lib/toast-failure';
import { PRODUCT_REVIEWS_QUERY, type Review, type ReviewPage } from '../api/product-documents';
import { useMyReview } from '../hooks/use-my-review';
import { ReviewForm } from './review-form';

interface ProductReviewsProps {
  productId: string;
  rating: number;
  count: number;
  firstPage: ReviewPage;
  /** A review was saved: the product's rating and first page of reviews are asked again. */
  onReviewSaved(): void;
}

/** Where the shopper's own review stands while others cannot see it (decision 0056). */
function MyReviewState({ review }: { review: Review }) {
  if (review.status === 'pending') {
    return (
      <p className="reviews__state" role="status">
        Your review is waiting for approval. It will appear here once our team has checked it.
      </p>
    );
  }
  return (
    <p className="reviews__state reviews__state--rejected" role="status">
      Your review was not published{review.rejectionReason ? `: ${review.rejectionReason}` : ''}. You can edit it and send it again.
    </p>
  );
}

/** Rating summary, the review form (or a way to log in), and the reviews, newest first. */
export function ProductReviews({ productId, rating, count, firstPage, onReviewSaved }: ProductReviewsProps) {
  const { status, user } = useSession();
  const location = useLocation();
  const mine = useMyReview(productId);
  const [saved, setSaved] = useState<Review | null>(null);
  const [morePages, setMorePages] = useState<ReviewPage[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const myReview = saved ?? mine.review;

  const pages = [firstPage, ...morePages];
  const reviews = pages.flatMap((page) => page.reviews).filter(
    (review, index, all) => all.findIndex((other) => other.id === review.id) === index,
  );
  const lastPage = pages[pages.length - 1];

  async function loadMore() {
    setLoadingMore(true);
    try {
      const data = await graphqlRequest(PRODUCT_REVIEWS_QUERY, {
        id: productId,
        page: lastPage.currentPage + 1,
      });
      const next = data.product?.reviewList;
      if (next) setMorePages((current) => [...current, next]);
    } catch (error) {
      toastFailure(error, 'Failed to Fetch Product Reviews');
    } finally {
      setLoadingMore(false);
    }
  }

  function handleSaved(review: Review) {
    setSaved(review);
    setMorePages([]);
    onReviewSaved();
  }

  return (
    <section id="reviews" className="product-section reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title" className="product-section__title">
        Customer Reviews
      </h2>
      <div className="reviews__layout">
        <div className="reviews__aside">
          <div className="reviews__summary">
            <p className="reviews__average">
              {rating.toFixed(1)}
              <span className="reviews__outof"> / 5</span>
            </p>
            <RatingStars rating={rating} size="md" showValue={false} />
            <p className="muted">
              Based on {count} {count === 1 ? 'review' : 'reviews'}
            </p>
          </div>
          {status === 'authenticated' ? (
            mine.loading && !saved ? (
              <div className="reviews__form-loading">
                <Spinner label="Loading your review" />
              </div>
            ) : (
              <>
              {myReview && myReview.status !== 'approved' ? <MyReviewState review={myReview} /> : null}
              <ReviewForm
                key={myReview ? `${myReview.id}:${myReview.updatedAt}` : 'new'}
                productId={productId}
                existing={myReview ?? null}
                onSaved={handleSaved}
              />
              </>
            )
          ) : status === 'anonymous' ? (
            <p className="reviews__login">
              <Link to="/login" state={{ from: `${location.pathname}${location.search}#reviews` }}>
                Login to write a review
              </Link>
            </p>
          ) : null}
        </div>

        <div className="reviews__list-wrap">
          {reviews.length === 0 ? (
            <p className="reviews__empty">No reviews yet. Be the first to review this product.</p>
          ) : (
            <ul className="reviews__list">
              {reviews.map((review) => (
                <li key={review.id}>
                  <article className="review" aria-label={`Review by ${review.userName}`}>
                    <header className="review__head">
                      <strong className="review__author">{review.userName}</strong>
                      {review.verifiedPurchase ? <span className="badge review__verified">Verified purchase</span> : null}
                      {user && review.userId === user.id ? <span className="badge badge--primary">Your review</span> : null}
                      <time className="review__date" dateTime={review.createdAt}>
                        {formatDate(review.createdAt)}
                      </time>
                    </header>
                    <RatingStars rating={review.rating} />
                    <p className="review__comment">{review.comment}</p>
                  </article>
                </li>
              ))}
            </ul>
          )}
          {lastPage.currentPage < lastPage.totalPages ? (
            <button type="button" className="btn btn--outline" onClick={loadMore} disabled={loadingMore}>
              {loadingMore ? 'Loading…' : 'Show more reviews'}
            </button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
