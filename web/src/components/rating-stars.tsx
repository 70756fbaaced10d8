import { formatCount } from '../lib/format';
import { StarIcon } from './icons';

interface RatingStarsProps {
  /** 0–5, one decimal. */
  rating: number;
  /** Number of reviews; left out when only the stars are wanted. */
  count?: number;
  size?: 'sm' | 'md';
  /** Show the number beside the stars (off where the number is already shown larger). */
  showValue?: boolean;
}

/** Five stars filled to the rating, with the number of reviews; read out as one sentence. No reviews: says so. */
export function RatingStars({ rating, count, size = 'sm', showValue = true }: RatingStarsProps) {
  // Without reviews there is no rating to show: "0.0 (0)" would read as a bad one.
  if (count === 0) return <span className={`rating rating--${size} rating--none`}>No reviews yet</span>;
  const value = Math.max(0, Math.min(5, rating));
  const shown = value.toFixed(1);
  const label =
    count === undefined
      ? `Rated ${shown} out of 5`
      : `Rated ${shown} out of 5, ${formatCount(count)} ${count === 1 ? 'review' : 'reviews'}`;
  const iconSize = size === 'sm' ? 14 : 18;
  return (
    <span className={`rating rating--${size}`} role="img" aria-label={label}>
      <span className="rating__stars" aria-hidden="true">
        <span className="rating__row">
          {[0, 1, 2, 3, 4].map((star) => (
            <StarIcon key={star} size={iconSize} />
          ))}
        </span>
        <span className="rating__row rating__row--filled" style={{ width: `${(value / 5) * 100}%` }}>
          {[0, 1, 2, 3, 4].map((star) => (
            <StarIcon key={star} size={iconSize} fill="currentColor" />
          ))}
        </span>
      </span>
      {showValue ? (
        <span className="rating__value" aria-hidden="true">
          {shown}
        </span>
      ) : null}
      {count !== undefined ? (
        <span className="rating__count" aria-hidden="true">
          ({formatCount(count)})
        </span>
      ) : null}
    </span>
  );
}
