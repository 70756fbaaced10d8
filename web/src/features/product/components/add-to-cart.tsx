import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { CartIcon } from '../../../components/icons';
import { guestProductOf, useCart, type CartItem } from '../../../lib/cart-store';
import { cartMessages } from '@shop/proto-contracts/web';
import { useSession } from '../../../lib/session';
import { toastFailure } from '../../../lib/toast-failure';

export interface CartSelection {
  size: string | null;
  color: string | null;
  quantity: number;
}

interface AddToCartProps {
  /** The product as the page has it from the public catalog (a guest line is priced from it). */
  product: Parameters<typeof guestProductOf>[0];
  selection: CartSelection;
  /** Units in stock for the chosen size (or the product). */
  stock: number;
  /** The cart line of the chosen size and colour, when the cart has it. */
  line?: CartItem;
  /** A change of the in-cart line is on its way. */
  busy?: boolean;
}

/**
 * The product page's cart area: 'Add to Cart' (the chosen size and colour: a new line, or more of
 * the line the cart has of them) and 'Buy Now' (adds, then /checkout). Logged out, both work on
 * the guest cart kept in this browser; checkout asks for login, and the guest cart is merged into
 * the account then (decision 0063). When the chosen variant is in the cart: 'In Cart (quantity)',
 * 'Go to cart', Buy Now and Remove (of that line).
 */
export function AddToCart({ product, selection, stock, line, busy = false }: AddToCartProps) {
  const { status } = useSession();
  const store = useCart();
  const navigate = useNavigate();
  const [adding, setAdding] = useState<false | 'add' | 'buy'>(false);
  const [removing, setRemoving] = useState(false);
  const outOfStock = stock <= 0;

  async function act(action: 'add' | 'buy') {
    if (status === 'checking' || adding) return;
    if (line && action === 'buy') {
      navigate('/checkout');
      return;
    }
    if (selection.quantity < 1) {
      toast.error(cartMessages.quantityBelowOne);
      return;
    }
    if (selection.quantity > stock) {
      toast.error(cartMessages.onlyInStock(stock));
      return;
    }
    setAdding(action);
    try {
      await store.addToCart(
        product.id,
        selection.quantity,
        { size: selection.size, color: selection.color },
        { mode: 'increase', product: guestProductOf(product) },
      );
      toast.success(cartMessages.addedToCart(product.name));
      if (action === 'buy') navigate('/checkout');
    } catch (error) {
      toastFailure(error, cartMessages.addOrRemoveFailed);
    } finally {
      setAdding(false);
    }
  }

  async function remove() {
    if (removing || !line) return;
    setRemoving(true);
    try {
      await store.removeFromCart(line);
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

  // The product's lines in other sizes or colours: each is its own line (decision 0062).
  const others = store.linesOf(product.id).filter((other) => other.lineId !== line?.lineId);
  const alsoInCart = others.length ? (
    <p className="add-to-cart__also">
      Also in your cart:{' '}
      {others.map((other) => `${[other.properties.size, other.properties.color].filter(Boolean).join(', ') || product.name} × ${other.quantity}`).join(' · ')}
    </p>
  ) : null;

  if (line) {
    return (
      <div className="add-to-cart add-to-cart--in-cart">
        {alsoInCart}
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
      {alsoInCart}
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
