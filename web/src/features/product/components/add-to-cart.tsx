import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { CartIcon } from '../../../components/icons';
import { useCart, type CartItem } from '../../../lib/cart-store';
import { cartText } from '../../../lib/cart-messages';
import { useSession } from '../../../lib/session';
import { toastFailure } from '../../../lib/toast-failure';

export interface CartSelection {
  size: string | null;
  color: string | null;
  quantity: number;
}

interface AddToCartProps {
  product: { id: string; name: string };
  selection: CartSelection;
  /** Units in stock for the chosen size (or the product). */
  stock: number;
  /** The product's cart line, when it is in the cart. */
  line?: CartItem;
  /** A change of the in-cart line is on its way. */
  busy?: boolean;
}

/**
 * The product page's cart area: 'Add to Cart' (logged out: to /login and back here), or, when the
 * product is in the cart, 'In Cart (quantity)' with Remove.
 */
export function AddToCart({ product, selection, stock, line, busy = false }: AddToCartProps) {
  const { status } = useSession();
  const store = useCart();
  const navigate = useNavigate();
  const location = useLocation();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState(false);
  const outOfStock = stock <= 0;

  async function add() {
    if (status === 'checking' || adding) return;
    if (status !== 'authenticated') {
      navigate('/login', { state: { from: location.pathname + location.search } });
      return;
    }
    if (selection.quantity < 1) {
      toast.error(cartText.quantityBelowOne);
      return;
    }
    if (selection.quantity > stock) {
      toast.error(cartText.onlyInStock(stock));
      return;
    }
    setAdding(true);
    try {
      await store.addToCart(product.id, selection.quantity, { size: selection.size, color: selection.color });
      toast.success(cartText.addedToCart(product.name));
    } catch (error) {
      toastFailure(error, cartText.addOrRemoveFailed);
    } finally {
      setAdding(false);
    }
  }

  async function remove() {
    if (removing) return;
    setRemoving(true);
    try {
      await store.removeFromCart(product.id);
      toast.success(cartText.removedFromCart(product.name));
    } catch (error) {
      toastFailure(error, cartText.addOrRemoveFailed);
    } finally {
      setRemoving(false);
    }
  }

  if (line && status === 'authenticated') {
    return (
      <div className="add-to-cart add-to-cart--in-cart">
        <p className="add-to-cart__state" role="status">
          <CartIcon size={20} /> In Cart ({line.quantity})
        </p>
        <button type="button" className="btn btn--outline btn--lg" onClick={() => void remove()} disabled={removing || busy}>
          {removing ? 'Removing...' : 'Remove'}
        </button>
      </div>
    );
  }

  return (
    <div className="add-to-cart">
      <button
        type="button"
        className="btn btn--accent btn--lg add-to-cart__button"
        disabled={outOfStock || adding}
        onClick={() => void add()}
      >
        <CartIcon size={20} />
        {outOfStock ? 'Out of Stock' : adding ? 'Adding...' : 'Add to Cart'}
      </button>
    </div>
  );
}
