import { Link } from 'react-router-dom';
import { PackageIcon } from '../../../components/icons';
import { PageTitle } from '../../../components/page-title';

/** An unknown order, or one of another account (the server does not tell them apart). */
export function OrderNotFound() {
  return (
    <section className="not-found order-not-found" aria-labelledby="order-not-found-title">
      <PageTitle title="Order not found" />
      <span className="login-prompt__icon" aria-hidden="true">
        <PackageIcon size={28} />
      </span>
      <h1 id="order-not-found-title">Order not found</h1>
      <p>We could not find this order in your account. Check the link, or find the order in your list.</p>
      <div className="not-found__actions">
        <Link to="/orders" className="btn btn--primary">
          Back to My Orders
        </Link>
      </div>
    </section>
  );
}
