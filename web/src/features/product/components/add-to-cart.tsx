import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { CartIcon } from '../../../components/icons';
import { useCart, type CartItem } from '../../../lib/cart-store';
import { cartMessages } from '@shop/proto-contracts/web';
import { useSession } from '../../../lib/session';
import { toastFailure } from '../../../lib/toast-failure';
import { keepPendingChoice, takePendingChoice, type PendingCartChoice } from '../../../lib/pending-cart';

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
 * The product page's cart area: 'Add to Cart' and 'Buy Now' (adds, then /checkout). Logged out,
 * either keeps the choice (size, colour, quantity) in session storage and goes to /login; back
 * here after login, the kept choice is added (and Buy Now goes on to checkout). When the product
 * is in the cart: 'In Cart (quantity)', 'Go to cart', Buy Now and Remove.
 */
export function AddToCart({ product, selection, stock, line, busy = false }: AddToCartProps) {
  const { status } = useSession();
  const store = useCart();
  const navigate = useNavigate();
  const location = useLocation();
  const [adding, setAdding] = useState<false | 'add' | 'buy'>(false);
  const [removing, setRemoving] = useState(false);
  const outOfStock = stock <= 0;
  const resumed = useRef(false);

  async function put(choice: Omit<PendingCartChoice, 'productId'>, available: number) {
    if (choice.quantity < 1) {
      toast.error(cartMessages.quantityBelowOne);
      return;
    }
    if (choice.quantity > available) {
      toast.error(cartMessages.onlyInStock(available));
      return;
    }
    setAdding(choice.action);
    try {
      await store.addToCart(product.id, choice.quantity, { size: choice.size, color: choice.color });
      toast.success(cartMessages.addedToCart(product.name));
      if (choice.action === 'buy') navigate('/checkout');
    } catch (error) {
      toastFailure(error, cartMessages.addOrRemoveFailed);
    } finally {
      setAdding(false);
    }
  }

  // Back from login with a kept choice for this product: add it once.
  useEffect(() => {
    if (status !== 'authenticated' || resumed.current) return;
    resumed.current = true;
    const pending = takePendingChoice(product.id);
    if (pending) void put(pending, stock);
  }, [status, product.id]);

  async function act(action: 'add' | 'buy') {
    if (status === 'checking' || adding) return;
    if (status !== 'authenticated') {
      keepPendingChoice({ productId: product.id, ...selection, action });
      navigate('/login', { state: { from: location.pathname + location.search } });
      return;
    }
    if (line && action === 'buy') {
      navigate('/checkout');
      return;
    }
    await put({ ...selection, action }, stock);
  }

  async function remove() {
    if (removing) return;
    setRemoving(true);
    try {
      await store.removeFromCart(product.id);
      toast.success(cartMessages.removedFromCart(product.name));
    } catch (error) {
      toastFailure(error, cartMessages.addOrRemoveFailed);
    } finally {
      setRemoving(false);
    }
  }

  const buyNow = (
    <button
      type="button"
      className="btn btn--primary btn--lg add-to-cart__buy"
      disabled={outOfStock || adding !== false || busy}
      onClick={() => void act('buy')}
    >
      {adding === 'buy' ? 'Adding...' : 'Buy Now'}
    </button>
  );

  if (line && status === 'authenticated') {
    return (
      <div className="add-to-cart add-to-cart--in-cart">
        <p className="add-to-cart__state" role="status">
          <CartIcon size={20} /> In Cart ({line.quantity})
        </p>
        <div className="add-to-cart__buttons">
          <Link to="/cart" className="btn btn--accent btn--lg add-to-cart__go">
            Go to cart
          </Link>
          {buyNow}
          <button type="button" className="btn btn--outline btn--lg" onClick={() => void remove()} disabled={removing || busy}>
            {removing ? 'Removing...' : 'Remove'}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="add-to-cart">
      <div className="add-to-cart__buttons">
        <button
          type="button"
          className="btn btn--accent btn--lg add-to-cart__button"
          disabled={outOfStock || adding !== false}
          onClick={() => void act('add')}
        >
          <CartIcon size={20} />
          {outOfStock ? 'Out of Stock' : adding === 'add' ? 'Adding...' : 'Add to Cart'}
        </button>
        {outOfStock ? null : buyNow}
      </div>
    </div>
  );
}
