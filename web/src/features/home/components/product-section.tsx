import { Link } from 'react-router-dom';
import { ArrowRightIcon } from '../../../components/icons';
import { LoadError } from '../../../components/load-error';
import { ProductGrid, ProductGridSkeleton } from '../../../components/product-grid';
import type { ProductSummary } from '../../../lib/product-summary';

interface ProductSectionProps {
  title: string;
  tag: string;
  /** How many products the section shows (spec: 4, 6 and 4). */
  count: number;
  products: ProductSummary[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry(): void;
}

/** A Home product section: heading, 'View All' to the tag's listing, the first products. */
export function ProductSection({ title, tag, count, products, loading, failed, onRetry }: ProductSectionProps) {
  const headingId = `home-section-${tag}`;
  const layout = count > 4 ? 'wide' : 'standard';
  return (
    <section className="home-section" aria-labelledby={headingId}>
      <div className="section-head">
        <h2 id={headingId}>{title}</h2>
        <Link to={`/products/tag/${tag}`} className="section-head__link">
          View All<span className="sr-only"> {title.toLowerCase()} products</span>
          <ArrowRightIcon size={16} />
        </Link>
      </div>
      {products ? (
        products.length > 0 ? (
          <ProductGrid products={products.slice(0, count)} layout={layout} />
        ) : (
          <p className="home-section__empty">New {title.toLowerCase()} products are on their way. Check back soon.</p>
        )
      ) : failed ? (
        <LoadError onRetry={onRetry} />
      ) : loading ? (
        <ProductGridSkeleton count={count} layout={layout} />
      ) : null}
    </section>
  );
}
