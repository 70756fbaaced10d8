import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify/unstyled';
import { HeartIcon } from '../../../components/icons';
import { useCart } from '../../../lib/cart-store';
import { cartText } from '../../../lib/cart-messages';
import { useSession } from '../../../lib/session';
import { toastFailure } from '../../../lib/toast-failure';

/** The heart on the product page: adds to or removes from the wishlist (logged out: to /login). */
export function WishlistButton({ product }: { product: { id: string; name: string } }) {
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
        toast.success(cartText.removedFromWishlist(product.name));
      } else {
        await store.addToWishlist(product.id);
        toast.success(cartText.addedToWishlist(product.name));
      }
    } catch (error) {
      toastFailure(error, cartText.addOrRemoveFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className={`wishlist-toggle${saved ? ' wishlist-toggle--on' : ''}`}
      aria-label={saved ? 'Remove from wishlist' : 'Add to wishlist'}
      aria-pressed={saved}
      disabled={busy}
      onClick={() => void toggle()}
    >
      <HeartIcon size={22} />
    </button>
  );
}
