import { Link, NavLink } from 'react-router-dom';
import { useCart } from '../../lib/cart-store';
import { useSession } from '../../lib/session';
import { CartIcon, HeartIcon, LogoMark, PackageIcon } from '../icons';
import { SearchBox } from './search-box';
import { UserMenu } from './user-menu';

export function Header() {
  const { status, user } = useSession();
  const { cart } = useCart();
  const cartCount = cart?.totalItems ?? 0;

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to="/" className="brand" aria-label="ShopKart home">
          <LogoMark />
          <span className="brand__name">
            Shop<span className="brand__accent">Kart</span>
          </span>
        </Link>

        <SearchBox />

        <nav className="header-actions" aria-label="Your shopping">
          <NavLink to="/wishlist" className="icon-link">
            <HeartIcon size={22} />
            <span className="icon-link__label">Wishlist</span>
          </NavLink>
          {status === 'authenticated' && user ? (
            <NavLink to="/orders" className="icon-link">
              <PackageIcon size={22} />
              <span className="icon-link__label">Orders</span>
            </NavLink>
          ) : null}
          {/* Logged out too: the guest cart kept in this browser (decision 0063). */}
          {status !== 'checking' ? (
            <NavLink to="/cart" className="icon-link icon-link--cart" aria-label={`Cart, ${cartCount} items`}>
              <CartIcon size={22} />
              {cartCount > 0 ? (
                <span className="icon-link__count" aria-hidden="true">
                  {cartCount > 99 ? '99+' : cartCount}
                </span>
              ) : null}
              <span className="icon-link__label">Cart</span>
            </NavLink>
          ) : null}
          {status === 'authenticated' && user ? (
            <UserMenu user={user} />
          ) : status === 'anonymous' ? (
            <Link to="/login" className="btn btn--primary btn--sm header-login">
              Login
            </Link>
          ) : (
            <span className="header-actions__pending" aria-hidden="true" />
          )}
        </nav>
      </div>
    </header>
  );
}
