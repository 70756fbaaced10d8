import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '../../lib/session';

/** Pages for admins only (the server refuses an emp too); an emp goes back to the staff console. Sits inside RequireStaff. */
export function RequireAdmin() {
  const { user } = useSession();
  if (user?.role !== 'admin') return <Navigate to="/admin" replace />;
  return <Outlet />;
}
