
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError } from '@shop/platform';
import { deleteUser, setUserRole } from '../domain/admin-users.service';
import { adminClient, registeredClient, startAuthService, TestClient, type AuthTestService } from '../testing/auth-test-service';

let service: AuthTestService;
let admin: TestClient;
let adminId: string;

beforeAll(async () => {
  service = await startAuthService();
  ({ client: admin, user: { id: adminId } } = await adminClient(service));
});
afterAll(async () => {
  await service?.close();
});

/** The precondition of the last-admin rules, whatever earlier tests promoted. */
async function onlyBootstrapAdminLeft() {
  await service.rows(sql`update auth.users set role = 'user' where role = 'admin' and id <> ${adminId}`);
}

/** A second admin, logged in with a token issued after the promotion. */
async function promotedAdmin() {
  const { client, user, payload } = await registeredClient(service);
  await admin.put(`/api/v1/admin/user/${user.id}`, { role: 'admin' });
  await client.post('/api/v1/login', { email: payload.email, password: payload.password });
  return { client, user };
}

describe('admin access', () => {
  it('refuses a plain user with 403', async () => {
    const { client } = await registeredClient(service);
    expect((await client.get('/api/v1/admin/users')).status).toBe(403);
  });

  it('refuses an employee with 403', async () => {
    const { client, user, payload } = await registeredClient(service);
    await admin.put(`/api/v1/admin/user/${user.id}`, { role: 'emp' });
    await client.post('/api/v1/login', { email: payload.email, password: payload.password });
    expect((await client.delete(`/api/v1/admin/user/${adminId}`)).status).toBe(403);
  });

  it('refuses a visitor with 401', async () => {
    expect((await new TestClient(service.url).get('/api/v1/admin/users')).status).toBe(401);
  });
});

describe('GET /api/v1/admin/users and /admin/user/:id', () => {
  it('lists users without any secret', async () => {
    const { user } = await registeredClient(service);
    const res = await admin.get('/api/v1/admin/users');
    expect(res.body.users.map((u: { id: string }) => u.id)).toContain(user.id);
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt|token/i);
  });

  it('shows one user', async () => {
    const { user } = await registeredClient(service);
    const res = await admin.get(`/api/v1/admin/user/${user.id}`);
    expect(res.body).toMatchObject({ success: true, user: { id: user.id, email: user.email } });
  });

  it('answers 400 for a malformed id', async () => {
    const res = await admin.get('/api/v1/admin/user/not-an-id');
    expect(res).toMatchObject({ status: 400, body: { success: false, message: 'Invalid user ID' } });
  });

  it('answers 404 for an unknown id', async () => {
    const res = await admin.get(`/api/v1/admin/user/${randomUUID()}`);
    expect(res).toMatchObject({ status: 404, body: { success: false, message: 'User not found' } });
  });
});

describe('PUT /api/v1/admin/user/:id', () => {
  it('changes the role and says so', async () => {
    const { user } = await registeredClient(service);
    const res = await admin.put(`/api/v1/admin/user/${user.id}`, { role: 'emp' });
    expect(res.body).toMatchObject({ success: true, message: 'Role changed to emp', user: { id: user.id, role: 'emp' } });
  });

  it('refuses an unknown role', async () => {
    const { user } = await registeredClient(service);
    const res = await admin.put(`/api/v1/admin/user/${user.id}`, { role: 'root' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Role must be one of user, emp or admin' } });
  });

  it('refuses a change of the caller’s own role', async () => {
    const res = await admin.put(`/api/v1/admin/user/${adminId}`, { role: 'user' });
    expect(res).toMatchObject({ status: 400, body: { message: 'You cannot change your own role' } });
  });

  it('writes UserRoleChanged with the new authorisation version to the outbox', async () => {
    const { user } = await registeredClient(service);
    await admin.put(`/api/v1/admin/user/${user.id}`, { role: 'emp' });
    const rows = await service.rows<{ payload: unknown }>(sql`select payload from auth.outbox where type = 'UserRoleChanged' and payload->>'userId' = ${user.id}`);
    expect(rows.map((r) => r.payload)).toEqual([{ userId: user.id, role: 'emp', previousRole: 'user', authzVersion: 1 }]);
  });

  it("a demoted admin's old access token is refused on the very next request", async () => {
    const { client, user } = await promotedAdmin();
    await admin.put(`/api/v1/admin/user/${user.id}`, { role: 'user' });
    const res = await client.get('/api/v1/admin/users');
    expect(res).toMatchObject({ status: 401, body: { message: 'Session expired. Please login again.' } });
  });

  it('a demoted admin who refreshes gets a token with the new role', async () => {
    const { client, user } = await promotedAdmin();
    await admin.put(`/api/v1/admin/user/${user.id}`, { role: 'user' });
    await client.post('/api/v1/refresh-token');
    expect((await client.get('/api/v1/admin/users')).status).toBe(403);
  });

  it('the last admin is never demoted, even by a caller whose admin role was removed elsewhere', async () => {
    const { deps } = service;
    await onlyBootstrapAdminLeft();
    await expect(setUserRole(deps, randomUUID(), adminId, 'user')).rejects.toEqual(new AppError('BAD_REQUEST', 'The last admin cannot be demoted'));
  });
});

describe('DELETE /api/v1/admin/user/:id', () => {
  it('deletes the user and says so', async () => {
    const { user } = await registeredClient(service);
    const res = await admin.delete(`/api/v1/admin/user/${user.id}`);
    expect(res.body).toEqual({ success: true, message: 'User deleted successfully' });
    expect((await admin.get(`/api/v1/admin/user/${user.id}`)).status).toBe(404);
  });

  it("ends the deleted user's sessions at once", async () => {
    const { client, user } = await registeredClient(service);
    await admin.delete(`/api/v1/admin/user/${user.id}`);
    expect([(await client.get('/api/v1/profile')).status, (await client.post('/api/v1/refresh-token')).status]).toEqual([401, 401]);
  });

  it('writes UserDeleted with a raised authorisation version to the outbox', async () => {
    const { user } = await registeredClient(service);
    await admin.delete(`/api/v1/admin/user/${user.id}`);
    const rows = await service.rows<{ payload: unknown }>(sql`select payload from auth.outbox where type = 'UserDeleted' and payload->>'userId' = ${user.id}`);
    expect(rows.map((r) => r.payload)).toEqual([{ userId: user.id, authzVersion: 1 }]);
  });

  it('refuses to delete the caller', async () => {
    const res = await admin.delete(`/api/v1/admin/user/${adminId}`);
    expect(res).toMatchObject({ status: 400, body: { message: 'You cannot delete your own account' } });
  });

  it('answers 404 for an unknown id', async () => {
    expect((await admin.delete(`/api/v1/admin/user/${randomUUID()}`)).status).toBe(404);
  });

  it('the last admin is never deleted', async () => {
    const { deps } = service;
    await onlyBootstrapAdminLeft();
    await expect(deleteUser(deps, randomUUID(), adminId)).rejects.toEqual(new AppError('BAD_REQUEST', 'The last admin cannot be deleted'));
  });
});
