import { Navigate, Outlet } from 'react-router-dom';
import { isStaff, useSession } from '../../lib/session';

/** Admin routes admit admin and emp; accounts with role user go to /. Sits inside RequireAuth. */
export function RequireStaff() {
  const { user } = useSession();
  if (!isStaff(user)) return <Navigate to="/" replace />;
  return <Outlet />;
}
