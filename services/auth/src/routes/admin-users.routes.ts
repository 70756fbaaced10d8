import { Router } from 'express';
import { authMessages } from '@shop/proto-contracts';
import { authManifest as routes } from '@shop/proto-contracts/routes';
import { registerRoute } from '@shop/platform';
import { deleteUser, getUserById, searchUsers, setUserRole } from '../domain/admin-users.service';
import type { AuthDeps } from '../domain/auth-deps';

/** User administration: admin only, enforced here whatever the UI shows. */
export function adminUserRoutes(deps: AuthDeps): Router {
  const r = Router();
  registerRoute(r, routes['GET /admin/users'], async (_req, res, { query }) => {
    const page = await searchUsers(deps, query);
    res.json({ success: true, users: page.users, totalUsers: page.total, totalPages: page.totalPages, currentPage: page.currentPage });
  });

  registerRoute(r, routes['GET /admin/user/:id'], async (_req, res, { params }) => {
    res.json({ success: true, user: await getUserById(deps, params.id) });
  });

  registerRoute(r, routes['PUT /admin/user/:id'], async (req, res, { params, body: { role } }) => {
    const user = await setUserRole(deps, req.principal!.userId, params.id, role);
    res.json({ success: true, message: `Role changed to ${role}`, user });
  });

  registerRoute(r, routes['DELETE /admin/user/:id'], async (req, res, { params }) => {
    await deleteUser(deps, req.principal!.userId, params.id);
    res.json({ success: true, message: authMessages.userDeleted });
  });

  return r;
}
