import { Link } from 'react-router-dom';
import type { ProductSummary } from '../lib/product-summary';
import { ImageOffIcon } from './icons';
import { PriceTag } from './price-tag';
import { RatingStars } from './rating-stars';
import { WishlistButton } from './wishlist-button';

/** Card images are drawn in a square box; the media service makes 400 px wide card variants. */
export const CARD_IMAGE_SIZE = 400;

interface ProductCardProps {
  product: ProductSummary;
  /** Load the image at once (cards of the first row); the others wait until scrolled near. */
  eager?: boolean;
  /** The one image most likely to be the largest paint of the page. */
  priority?: boolean;
  /** Level of the product name's heading under the section's heading. */
  headingLevel?: 2 | 3;
}

/**
 * A product in a list. The whole card links to /product/{id}; the link itself is the product
 * name, so a screen reader hears the name once and the card stays one tab stop.
 */
export function ProductCard({ product, eager = false, priority = false, headingLevel = 3 }: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const soldOut = product.stock <= 0;
  return (
    <article className={`product-card${soldOut ? ' product-card--sold-out' : ''}`}>
      <div className="product-card__media">
        {product.thumbnail ? (
          <img
            src={product.thumbnail}
            alt=""
            width={CARD_IMAGE_SIZE}
            height={CARD_IMAGE_SIZE}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            fetchPriority={priority ? 'high' : undefined}
          />
        ) : (
          <span className="product-card__no-image">
            <ImageOffIcon size={32} />
            <span>No image</span>
          </span>
        )}
        {product.discount > 0 ? (
          <span className="product-card__discount" aria-hidden="true">
            -{product.discount}%
          </span>
        ) : null}
        {product.badge ? <span className="product-card__badge">{product.badge}</span> : null}
        {soldOut ? <span className="product-card__sold-out">Out of Stock</span> : null}
        <WishlistButton product={product} variant="card" />
      </div>
      <div className="product-card__body">
        <Heading className="product-card__name">
          <Link to={`/product/${encodeURIComponent(product.id)}`} className="product-card__link">
            {product.name}
          </Link>
        </Heading>
        <RatingStars rating={product.rating} count={product.reviews} />
        <PriceTag price={product.price} oldPrice={product.oldPrice} discount={product.discount} />
      </div>
    </article>
  );
}
