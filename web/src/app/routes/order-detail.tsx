import { useParams } from 'react-router-dom';
import { LoginPrompt } from '../../components/login-prompt';
import { PageLoader } from '../../components/page-loader';
import { OrderDetailView } from '../../features/orders/components/order-detail-view';
import { useSession } from '../../lib/session';
import { CHECKING_LOGIN_MESSAGE } from '../guards/require-auth';

/** /orders/:id, open at route level like My Orders; the order itself needs login. */
export default function OrderDetailPage() {
  const { status } = useSession();
  const { id = '' } = useParams();
  if (status === 'checking') return <PageLoader message={CHECKING_LOGIN_MESSAGE} />;
  if (status === 'anonymous') {
    return <LoginPrompt title="Order details" message="Please log in to see this order and track its delivery." />;
  }
  return <OrderDetailView key={id} orderId={id} />;
}
