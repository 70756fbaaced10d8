import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../lib/toast';
import { useCart } from '../lib/cart-store';
import { cartMessages } from '@shop/proto-contracts/web';
import { useSession } from '../lib/session';
import { toastFailure } from '../lib/toast-failure';
import { HeartIcon } from './icons';

interface WishlistButtonProps {
  product: { id: string; name: string };
  /** 'card': the small round heart over a product card's picture (names the product for screen readers). */
  variant?: 'detail' | 'card';
}

/** The heart on product pages and cards: adds to or removes from the wishlist (logged out: to /login). */
export function WishlistButton({ product, variant = 'detail' }: WishlistButtonProps) {
  const { status } = useSession();
  const store = useCart();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const saved = status === 'authenticated' && store.inWishlist(product.id);

  async function toggle() {
    if (status === 'checking' || busy) return;
    if (status !== 'authenticated') {
      navigate('/login', { state: { from: location.pathname + location.search } });
      return;
    }
    setBusy(true);
    try {
      if (saved) {
        await store.removeFromWishlist(product.id);
        toast.success(cartMessages.removedFromWishlist(product.name));
      } else {
        await store.addToWishlist(product.id);
        toast.success(cartMessages.addedToWishlist(product.name));
      }
    } catch (error) {
      toastFailure(error, cartMessages.addOrRemoveFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={`wishlist-toggle wishlist-toggle--${variant}${saved ? ' wishlist-toggle--on' : ''}`}
      aria-label={
        variant === 'card'
          ? saved
            ? `Remove ${product.name} from wishlist`
            : `Add ${product.name} to wishlist`
          : saved
            ? 'Remove from wishlist'
            : 'Add to wishlist'
      }
      aria-pressed={saved}
      disabled={busy}
      onClick={() => void toggle()}
    >
      <HeartIcon size={variant === 'card' ? 18 : 22} />
    </button>
  );
}
