import { ProductGrid } from '../../../components/product-grid';
import type { ProductSummary } from '../../../lib/product-summary';

/** Up to 4 other products of the same category. */
export function RelatedProducts({ products }: { products: ProductSummary[] }) {
  if (products.length === 0) return null;
  return (
    <section className="product-section" aria-labelledby="related-title">
      <h2 id="related-title" className="product-section__title">
        Related products
      </h2>
      <ProductGrid products={products.slice(0, 4)} />
    </section>
  );
}
