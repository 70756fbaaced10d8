import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '../../components/page-loader';
import { useSession } from '../../lib/session';
import { CHECKING_LOGIN_MESSAGE } from './require-auth';
import { returnPathFrom } from '../../lib/return-path';

/** /login: a logged-in visitor goes to / (or back to the page that sent them to log in). */
export function RedirectIfAuthenticated() {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'checking') return <PageLoader message={CHECKING_LOGIN_MESSAGE} />;
  if (status === 'authenticated') return <Navigate to={returnPathFrom(location.state)} replace />;
  return <Outlet />;
}
