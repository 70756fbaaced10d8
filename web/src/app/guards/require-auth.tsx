import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { useSession } from '../../lib/session';

export const CHECKING_LOGIN_MESSAGE = 'Checking your login status…';

/** Guarded routes: a loading notice while the login status is checked, else /login for visitors. */
export function RequireAuth() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'checking') return <PageLoader message={CHECKING_LOGIN_MESSAGE} />;
  if (status === 'anonymous') {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search + location.hash }} />;
  }
  return <Outlet />;
}
