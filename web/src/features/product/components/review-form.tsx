import { useId, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { StarIcon } from '../../../components/icons';
import { Spinner } from '../../../components/spinner';
import { TextAreaField } from '../../../components/text-area-field';
import { payloadMessage } from '../../../lib/api-errors';
import { graphqlRequestWithRefresh } from '../../../lib/graphql-request-with-refresh';
import { useSession } from '../../../lib/session';
import { toastFailure } from '../../../lib/toast-failure';
import { UPSERT_REVIEW_MUTATION, type Review } from '../api/product-documents';

export const MAX_COMMENT_LENGTH = 2000;
const SAVE_ERROR = 'Could not save your review. Please try again.';
const STARS = [1, 2, 3, 4, 5];

interface ReviewFormProps {
  productId: string;
  /** The user's review, to edit; null to write a new one. */
  existing: Review | null;
  onSaved(review: Review): void;
}

/** Write or edit the logged-in user's one review of the product: 1–5 stars and a comment. */
export function ReviewForm({ productId, existing, onSaved }: ReviewFormProps) {
  const { tokenRefresher } = useSession();
  const id = useId();
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [hovered, setHovered] = useState(0);
  const [comment, setComment] = useState(existing?.comment ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const shown = hovered || rating;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = comment.trim();
    if (rating < 1) return setProblem('Please choose a rating from 1 to 5 stars.');
    if (!text) return setProblem('Please write a few words about the product.');
    if (text.length > MAX_COMMENT_LENGTH) return setProblem(`Please keep your review under ${MAX_COMMENT_LENGTH} characters.`);
    setProblem(null);
    setSaving(true);
    try {
      const data = await graphqlRequestWithRefresh(tokenRefresher, UPSERT_REVIEW_MUTATION, {
        productId,
        rating,
        comment: text,
      });
      const { success, review } = data.upsertReview;
      if (!success || !review) {
        toast.error(payloadMessage(data.upsertReview, SAVE_ERROR));
        return;
      }
      // With moderation on (decision 0056) the server says it waits for approval.
      toast.success(review.status === 'pending' ? (data.upsertReview.message ?? 'Thank you! Your review will appear once approved.') : existing ? 'Your review has been updated.' : 'Thank you! Your review has been posted.');
      onSaved(review);
    } catch (error) {
      toastFailure(error, SAVE_ERROR);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="review-form" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} className="review-form__title">
        {existing ? 'Edit your review' : 'Write a review'}
      </h3>
      <fieldset className="star-input" onMouseLeave={() => setHovered(0)}>
        <legend className="field__label">Your rating</legend>
        <div className="star-input__options">
          {STARS.map((star) => (
            <label key={star} className={`star-input__option${star <= shown ? ' is-on' : ''}`} onMouseEnter={() => setHovered(star)}>
              <input
                type="radio"
                name={`${id}-rating`}
                className="visually-hidden-input"
                value={star}
                checked={rating === star}
                onChange={() => setRating(star)}
              />
              <StarIcon size={28} fill={star <= shown ? 'currentColor' : 'none'} />
              <span className="sr-only">
                {star} {star === 1 ? 'star' : 'stars'}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <TextAreaField
        label="Comment"
        value={comment}
        onValueChange={setComment}
        maxLength={MAX_COMMENT_LENGTH}
        rows={4}
        required
        placeholder="What did you like or dislike? How did you use it?"
        hint={`${comment.length.toLocaleString('en-IN')}/${MAX_COMMENT_LENGTH.toLocaleString('en-IN')} characters`}
      />
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="btn btn--primary" disabled={saving}>
        {saving ? <Spinner size="sm" /> : null}
        {saving ? 'Submitting…' : 'Submit Review'}
      </button>
    </form>
  );
}
