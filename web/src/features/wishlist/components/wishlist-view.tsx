import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { LoadError } from '../../../components/load-error';
import { LoginPrompt } from '../../../components/login-prompt';
import { PageTitle } from '../../../components/page-title';
import { Spinner } from '../../../components/spinner';
import { getErrorMessage } from '../../../lib/api-errors';
import { useCart, type WishlistItem } from '../../../lib/cart-store';
import { cartMessages } from '@shop/proto-contracts/web';
import { formatINR } from '../../../lib/format';
import { TaxNote } from '../../../components/price-tag';
import { cardVariantOf } from '../../../lib/product-images';
import { useSession } from '../../../lib/session';
import { toastFailure } from '../../../lib/toast-failure';
import { ChooseSizeDialog } from './choose-size-dialog';

const WISHLIST_LOAD_FAILED = 'Failed to load your wishlist';

/** The wishlist page: saved products with Move to cart and Remove; logged out, a login prompt. */
export function WishlistView() {
  const { status } = useSession();
  const { wishlist, wishlistStatus, wishlistError, reloadWishlist } = useCart();

  if (status === 'anonymous') {
    return <LoginPrompt title="Your Wishlist" message="Log in to see the products you saved for later." />;
  }

  let body;
  if (!wishlist) {
    body =
      wishlistStatus === 'error' ? (
        <LoadError message={getErrorMessage(wishlistError, WISHLIST_LOAD_FAILED)} onRetry={reloadWishlist} />
      ) : (
        <Spinner label="Loading your wishlist" />
      );
  } else if (wishlist.length === 0) {
    body = (
      <>
        <p className="cart-page__empty">Your wishlist is empty.</p>
        <Link to="/" className="btn btn--primary">
          Continue Shopping
        </Link>
      </>
    );
  } else {
    body = (
      <ul className="cart-lines wishlist-lines" aria-label="Wishlist items">
        {wishlist.map((item) => (
          <WishlistLine key={item.productId} item={item} />
        ))}
      </ul>
    );
  }

  return (
    <div className="container cart-page wishlist-page">
      <PageTitle title="Your Wishlist" />
      <h1 className="page-heading">Your Wishlist</h1>
      {body}
    </div>
  );
}

function WishlistLine({ item }: { item: WishlistItem }) {
  const store = useCart();
  const [busy, setBusy] = useState(false);
  const [askingSize, setAskingSize] = useState(false);
  const move = (size?: string) =>
    void run(() => store.moveWishlistItemToCart(item.productId, size ? { size } : undefined), cartMessages.movedToCart(item.name));

  async function run(action: () => Promise<unknown>, success: string) {
    setBusy(true);
    try {
      await action();
      toast.success(success);
    } catch (error) {
      toastFailure(error, cartMessages.addOrRemoveFailed);
      setBusy(false);
    }
  }

  return (
    <li className={`cart-line${item.available ? '' : ' cart-line--unavailable'}`} aria-busy={busy}>
      <Link to={`/product/${item.productId}`} className="cart-line__image" tabIndex={-1} aria-hidden="true">
        {item.image ? (
          <img src={cardVariantOf(item.image)} alt="" width={96} height={96} loading="lazy" />
        ) : (
          <span className="cart-line__no-image" />
        )}
      </Link>
      <div className="cart-line__body">
        <h2 className="cart-line__name">
          <Link to={`/product/${item.productId}`}>{item.name}</Link>
        </h2>
        {!item.available ? <p className="cart-line__problem">No longer available</p> : null}
        {item.available && !item.inStock ? <p className="cart-line__problem">Out of Stock</p> : null}
        <p className="cart-line__price">
          {formatINR(item.price)}
          {item.oldPrice > item.price ? <s className="cart-line__old-price">{formatINR(item.oldPrice)}</s> : null}
          {item.discountPercent > 0 ? <span className="cart-line__discount">{item.discountPercent}% off</span> : null}
          <TaxNote />
        </p>
      </div>
      <div className="cart-line__totals">
        <button
          type="button"
          className="btn btn--accent btn--sm"
          disabled={busy || !item.available || !item.inStock}
          // A product with sizes: the shopper chooses one (never picked for them).
          onClick={() => (item.sizeOptions.length > 0 ? setAskingSize(true) : move())}
        >
          Move to cart
        </button>
        {askingSize ? (
          <ChooseSizeDialog
            name={item.name}
            sizes={item.sizeOptions}
            soldOut={item.soldOutSizes}
            onClose={(size) => {
              setAskingSize(false);
              if (size) move(size);
            }}
          />
        ) : null}
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={busy}
          onClick={() => void run(() => store.removeFromWishlist(item.productId), cartMessages.removedFromWishlist(item.name))}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
