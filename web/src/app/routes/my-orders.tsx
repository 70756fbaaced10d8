import { LoginPrompt } from '../../components/login-prompt';
import { PageLoader } from '../../components/page-loader';
import { MyOrdersView } from '../../features/orders/components/my-orders-view';
import { useSession } from '../../lib/session';
import { CHECKING_LOGIN_MESSAGE } from '../guards/require-auth';

export default function MyOrdersPage() {
  const { status } = useSession();
  if (status === 'checking') return <PageLoader message={CHECKING_LOGIN_MESSAGE} />;
  if (status === 'anonymous') {
    return <LoginPrompt title="My Orders" message="Please log in to see your orders and track their delivery." />;
  }
  return <MyOrdersView />;
}
