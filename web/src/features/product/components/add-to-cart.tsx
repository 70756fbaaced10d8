import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify/unstyled';
import { CartIcon } from '../../../components/icons';
import { useSession } from '../../../lib/session';

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
}

/**
 * The product page's cart area. The cart itself arrives with a later release, which replaces this
 * component: for now a visitor who is not logged in goes to /login (and comes back here), and a
 * logged-in one is told the cart is coming soon.
 */
export function AddToCart({ product, selection, stock }: AddToCartProps) {
  const { status } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const outOfStock = stock <= 0;

  function add() {
    if (status === 'checking') return;
    if (status !== 'authenticated') {
      navigate('/login', { state: { from: location.pathname + location.search } });
      return;
    }
    if (selection.quantity > stock) {
      toast.error(`Only ${stock} items available in stock`);
      return;
    }
    toast.info('Cart is coming soon', { toastId: `cart-soon-${product.id}` });
  }

  return (
    <div className="add-to-cart">
      <button type="button" className="btn btn--accent btn--lg add-to-cart__button" disabled={outOfStock} onClick={add}>
        <CartIcon size={20} />
        {outOfStock ? 'Out of Stock' : 'Add to Cart'}
      </button>
    </div>
  );
}
