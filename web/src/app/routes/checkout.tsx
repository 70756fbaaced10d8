import { PageLoader } from '../../components/page-loader';
import { CheckoutView } from '../../features/checkout/components/checkout-view';
import { useSession } from '../../lib/session';

export default function CheckoutPage() {
  const { user } = useSession();
  // RequireAuth admits only a logged-in visitor; the user is there.
  if (!user) return <PageLoader />;
  return <CheckoutView user={user} />;
}
