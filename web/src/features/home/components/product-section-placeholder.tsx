import { Link } from 'react-router-dom';
import { ArrowRightIcon } from '../../../components/icons';

interface ProductSectionPlaceholderProps {
  title: string;
  tag: string;
  /** How many products the section will show (spec: 4, 6 and 4). */
  count: number;
}

/** A Home product section whose products arrive with the catalog release. */
export function ProductSectionPlaceholder({ title, tag, count }: ProductSectionPlaceholderProps) {
  const headingId = `home-section-${tag}`;
  return (
    <section className="home-section" aria-labelledby={headingId}>
      <div className="section-head">
        <h2 id={headingId}>{title}</h2>
        <Link to={`/products/tag/${tag}`} className="section-head__link">
          View All<span className="sr-only"> {title.toLowerCase()} products</span>
          <ArrowRightIcon size={16} />
        </Link>
      </div>
      <div className="product-placeholder">
        <ul className={`product-placeholder__grid product-placeholder__grid--${count}`} aria-hidden="true">
          {Array.from({ length: count }, (_, index) => (
            <li key={index} className="skeleton-card">
              <span className="skeleton-card__image" />
              <span className="skeleton-card__line" />
              <span className="skeleton-card__line skeleton-card__line--short" />
            </li>
          ))}
        </ul>
        <p className="product-placeholder__note">
          <span className="badge badge--info">Coming soon</span> {title} products will appear here shortly.
        </p>
      </div>
    </section>
  );
}
