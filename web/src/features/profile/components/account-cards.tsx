import { Link } from 'react-router-dom';
import { CartIcon, PackageIcon, UserIcon } from '../../../components/icons';
import type { SessionUser } from '../../../lib/session-user';

export function UserInfoCard({ user }: { user: SessionUser }) {
  return (
    <section className="card">
      <h2 className="card__title">
        <UserIcon /> User Information
      </h2>
      <dl className="info-list">
        <div>
          <dt>Name</dt>
          <dd>{user.name}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
      </dl>
    </section>
  );
}

export function OrderHistoryCard() {
  return (
    <section className="card">
      <h2 className="card__title">
        <PackageIcon /> Order History
      </h2>
      <p className="card__text">Track your orders, see their delivery status and reorder your favourites.</p>
      <Link to="/orders" className="btn btn--outline btn--sm">
        View my orders
      </Link>
    </section>
  );
}

export function CartItemsCard() {
  return (
    <section className="card">
      <h2 className="card__title">
        <CartIcon /> Cart Items
      </h2>
      <p className="card__text">Review the products waiting in your cart and check out with cash on delivery.</p>
      <Link to="/cart" className="btn btn--outline btn--sm">
        Go to cart
      </Link>
    </section>
  );
}
