import { useDeferredValue } from 'react';
import { PageTitle } from '../../../components/page-title';
import { PriceTag } from '../../../components/price-tag';
import { RatingStars } from '../../../components/rating-stars';
import { invalidateQueries } from '../../../lib/query-cache';
import type { NamedColor, ProductDetail } from '../api/product-documents';
import { useCartSelection } from '../hooks/use-cart-selection';
import { AddToCart } from './add-to-cart';
import { ColorChooser } from './color-chooser';
import { DeliveryInfo } from './delivery-info';
import { NotifyMe } from './notify-me';
import { WishlistButton } from '../../../components/wishlist-button';
import { ImageGallery } from './image-gallery';
import { ProductReviews } from './product-reviews';
import { QuantityStepper, StockNote } from './quantity-stepper';
import { RelatedProducts } from './related-products';
import { SizeChooser } from './size-chooser';
import { Breadcrumbs } from '../../../components/breadcrumbs';

interface ProductViewProps {
  product: ProductDetail;
  palette: NamedColor[];
  /** Ask for the product again (its rating changed). */
  refresh(): void;
}

/** The product page: gallery, choices and cart area, description, related items, reviews. */
export function ProductView({ product, palette, refresh }: ProductViewProps) {
  const stockOf = (size: string) => product.stockDetail.find((entry) => entry.size === size)?.stock ?? 0;
  // Spec: the first size and the first colour are preselected (the first size still in stock);
  // an item already in the cart shows (and changes) the cart line's choices.
  const { line, size, color, quantity, busy, chooseSize, chooseColor, chooseQuantity } = useCartSelection(product, stockOf);
  // Nothing left of the whole product: no choice can be bought (decision 0069 offers Notify me).
  const soldOut = product.stock <= 0;
  const available = soldOut ? 0 : size !== null && product.size.length > 0 ? stockOf(size) : product.stock;

  function onReviewSaved() {
    // Listings show the rating too: let them ask again.
    invalidateQueries();
    refresh();
  }

  // Related items and reviews sit below the fold: they are drawn in a second, interruptible
  // render, so the first one (what the visitor sees) is shorter.
  const showBelowFold = useDeferredValue(true, false);

  const paragraphs = product.description.split(/\n\s*\n/).filter((text) => text.trim());

  return (
    <div className="container product-page">
      <PageTitle title={product.name} description={product.description || `${product.name} at ShopKart.`} />
      <Breadcrumbs trail={[{ label: 'Home', to: '/' }, { label: product.category.name, to: `/products/${product.category.index}` }, { label: product.name }]} />

      <div className="product-main">
        {/* The chosen colour's own pictures when it has some; a new colour starts at its first. */}
        <ImageGallery key={color ?? ''} images={(color ? product.colorImages.find((c) => c.color === color)?.images : undefined) ?? product.image} name={color ? `${product.name}, ${color}` : product.name} />

        <div className="product-info">
          {product.badge ? <span className="badge badge--info product-info__badge">{product.badge}</span> : null}
          <h1 className="product-info__name">{product.name}</h1>
          <a href="#reviews" className="product-info__rating">
            <RatingStars rating={product.rating} count={product.reviews} size="md" />
          </a>
          <div className="product-info__price">
            <PriceTag price={product.price} oldPrice={product.oldPrice} discount={product.discount} size="lg" />
          </div>
          <StockNote stock={available} />

          <div className="product-info__options">
            <ColorChooser colors={product.colors} palette={palette} value={color} onChange={chooseColor} />
            <SizeChooser sizes={product.size} stockOf={stockOf} value={size} onChange={chooseSize} />
            <QuantityStepper value={quantity} max={available} onChange={chooseQuantity} />
          </div>

          <div className="product-info__actions">
            <AddToCart product={product} selection={{ size, color, quantity }} stock={soldOut ? 0 : available} line={line} busy={busy} />
            <WishlistButton product={product} />
          </div>
          {soldOut ? <NotifyMe productId={product.id} /> : null}
          <DeliveryInfo />
          <p className="product-info__code">Product code: {product.code}</p>
        </div>
      </div>

      <section className="product-section" aria-labelledby="description-title">
        <h2 id="description-title" className="product-section__title">
          Description
        </h2>
        <div className="product-description">
          {paragraphs.length ? paragraphs.map((text, index) => <p key={index}>{text}</p>) : <p>No description yet.</p>}
        </div>
      </section>

      {showBelowFold ? (
        <>
          <RelatedProducts products={product.related} />
          <ProductReviews
            productId={product.id}
            rating={product.rating}
            count={product.reviews}
            firstPage={product.reviewList}
            onReviewSaved={onReviewSaved}
          />
        </>
      ) : null}
    </div>
  );
}
