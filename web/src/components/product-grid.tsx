import type { ProductSummary } from '../lib/product-summary';
import { ProductCard } from './product-card';

interface ProductGridProps {
  products: ProductSummary[];
  /** How many cards (from the first) load their image at once: the first row of the page. */
  eagerCount?: number;
  /** 'wide' fits six cards a row on large screens (Home's Trending Now). */
  layout?: 'standard' | 'wide' | 'listing';
  headingLevel?: 2 | 3;
  label?: string;
}

export function ProductGrid({ products, eagerCount = 0, layout = 'standard', headingLevel, label }: ProductGridProps) {
  return (
    <ul className={`product-grid product-grid--${layout}`} aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            eager={index < eagerCount}
            priority={index === 0 && eagerCount > 0}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}

/** Grey cards in the grid's shape while products load, so nothing moves when they arrive. */
export function ProductGridSkeleton({ count, layout = 'standard' }: { count: number; layout?: ProductGridProps['layout'] }) {
  return (
    <ul className={`product-grid product-grid--${layout}`} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <div className="product-card product-card--skeleton">
            <span className="product-card__media skeleton-block" />
            <div className="product-card__body">
              <span className="skeleton-line" />
              <span className="skeleton-line skeleton-line--short" />
              <span className="skeleton-line skeleton-line--price" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
