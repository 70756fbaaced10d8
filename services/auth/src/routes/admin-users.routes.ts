import { Router } from 'express';
import { adminUsersQuerySchema, authMessages, setUserRoleSchema } from '@shop/proto-contracts';
import { requireRole } from '@shop/platform';
import { deleteUser, getUserById, searchUsers, setUserRole } from '../domain/admin-users.service';
import type { AuthDeps } from '../domain/auth-deps';
import { parseInput } from '../parse-input';

/** User administration: admin only, enforced here whatever the UI shows. */
export function adminUserRoutes(deps: AuthDeps): Router {
  const r = Router();
  const adminOnly = requireRole('admin');

  r.get('/admin/users', adminOnly, async (req, res) => {
    const page = await searchUsers(deps, parseInput(adminUsersQuerySchema, req.query));
    res.json({ success: true, users: page.users, totalUsers: page.total, totalPages: page.totalPages, currentPage: page.currentPage });
  });

  r.get('/admin/user/:id', adminOnly, async (req, res) => {
    res.json({ success: true, user: await getUserById(deps, String(req.params.id)) });
  });

  r.put('/admin/user/:id', adminOnly, async (req, res) => {
    const { role } = parseInput(setUserRoleSchema, req.body);
    const user = await setUserRole(deps, req.principal!.userId, String(req.params.id), role);
    res.json({ success: true, message: `Role changed to ${role}`, user });
  });

  r.delete('/admin/user/:id', adminOnly, async (req, res) => {
    await deleteUser(deps, req.principal!.userId, String(req.params.id));
    res.json({ success: true, message: authMessages.userDeleted });
  });

  return r;
}
