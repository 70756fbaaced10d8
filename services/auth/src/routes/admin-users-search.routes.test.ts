import { adminClient, registeredClient, startAuthService, TestClient, type AuthTestService } from '../testing/auth-test-service';

// A service of its own: the searches count every account in the database.
let service: AuthTestService;
let admin: TestClient;
const ids: Record<string, string> = {};

beforeAll(async () => {
  service = await startAuthService();
  ({ client: admin } = await adminClient(service));
  for (const [key, account] of Object.entries({
    kavya: { name: 'Kavya Reddy', email: 'kavya.r@example.in', phone: '9123456780' },
    karan: { name: 'Karan Shah', email: 'karan_s@example.in', phone: '9988776655' },
    neha: { name: 'Neha Gupta', email: 'neha@example.in', phone: '8800112233' },
  })) {
    ids[key] = (await registeredClient(service, account)).user.id;
  }
  await admin.put(`/api/v1/admin/user/${ids.karan}`, { role: 'emp' });
});
afterAll(async () => {
  await service?.close();
});

const found = async (query: string) => {
  const res = await admin.get(`/api/v1/admin/users?${query}`);
  expect(res.status).toBe(200);
  return res.body.users.map((u: { id: string }) => u.id);
};

describe('GET /api/v1/admin/users?q=&role=&page=', () => {
  test('finds accounts by any part of the name or email, any case, or by phone digits', async () => {
    expect(await found('q=REDDY')).toEqual([ids.kavya]);
    expect(await found('q=ka')).toEqual([ids.karan, ids.kavya]);
    expect(await found('q=karan_s%40')).toEqual([ids.karan]);
    expect(await found(`q=${encodeURIComponent('+91 88001 12233')}`)).toEqual([ids.neha]);
    expect(await found('q=%25')).toEqual([]);
  });

  test('filters by role and pages newest first with totalPages and currentPage', async () => {
    expect(await found('role=emp')).toEqual([ids.karan]);
    expect(await found('q=ka&role=Emp')).toEqual([ids.karan]);
    const page1 = await admin.get('/api/v1/admin/users?role=user&limit=2');
    expect(page1.body).toMatchObject({ success: true, totalUsers: 2, totalPages: 1, currentPage: 1 });
    expect(page1.body.users.map((u: { id: string }) => u.id)).toEqual([ids.neha, ids.kavya]);
    const page2 = await admin.get('/api/v1/admin/users?limit=2&page=2');
    expect(page2.body).toMatchObject({ totalUsers: 4, totalPages: 2, currentPage: 2 });
    expect(page2.body.users).toHaveLength(2);
    expect(JSON.stringify(page2.body)).not.toMatch(/password|scrypt|token/i);
  });

  test('bad input is a 400 with a message', async () => {
    expect(await admin.get('/api/v1/admin/users?role=owner')).toMatchObject({ status: 400, body: { success: false } });
    expect((await admin.get('/api/v1/admin/users?page=0')).body).toEqual({ success: false, message: 'page must be a whole number, 1 or more' });
    expect((await admin.get('/api/v1/admin/users?limit=101')).status).toBe(400);
    expect((await admin.get(`/api/v1/admin/users?q=${'a'.repeat(101)}`)).status).toBe(400);
    expect((await admin.get('/api/v1/admin/users?q=a&q=b')).status).toBe(400);
  });

  test('an employee and a shopper are refused', async () => {
    const emp = await registeredClient(service, { name: 'Esha Emp', email: 'esha.emp@example.in' });
    await admin.put(`/api/v1/admin/user/${emp.user.id}`, { role: 'emp' });
    await emp.client.post('/api/v1/login', { email: emp.payload.email, password: emp.payload.password });
    expect((await emp.client.get('/api/v1/admin/users?q=ka')).status).toBe(403);
    const Q = '{ adminUserPage(q: "ka") { total } }';
    expect((await emp.client.graphql(Q)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('adminUserPage (GraphQL)', () => {
  const Q = `query($q: String, $role: Role, $page: Int, $limit: Int) {
    adminUserPage(q: $q, role: $role, page: $page, limit: $limit) { users { id name role } total totalPages currentPage }
  }`;

  test('the same search as REST, for admins', async () => {
    const res = await admin.graphql(Q, { q: 'kavya' });
    expect(res.body.data.adminUserPage).toEqual({ users: [{ id: ids.kavya, name: 'Kavya Reddy', role: 'user' }], total: 1, totalPages: 1, currentPage: 1 });
    const paged = await admin.graphql(Q, { q: 'example.in', limit: 1, page: 2 });
    expect(paged.body.data.adminUserPage).toMatchObject({ totalPages: paged.body.data.adminUserPage.total, currentPage: 2 });
  });

  test('pageSize pages as REST does, up to 100 a page', async () => {
    const PAGED = '{ adminUserPage(pageSize: 2, page: 1) { users { id } total totalPages currentPage } }';
    const page = (await admin.graphql(PAGED)).body.data.adminUserPage;
    expect(page.users).toHaveLength(2);
    expect(page.totalPages).toBe(Math.ceil(page.total / 2));
    const rest = await admin.get('/api/v1/admin/users?pageSize=2&page=1');
    expect(page.users.map((u: { id: string }) => u.id)).toEqual(rest.body.users.map((u: { id: string }) => u.id));
    const tooBig = (await admin.graphql('{ adminUserPage(pageSize: 101) { total } }')).body.errors?.[0];
    expect(tooBig).toMatchObject({ message: 'limit (or pageSize) must be a whole number from 1 to 100', extensions: { code: 'BAD_USER_INPUT' } });
  });

  test('bad input is BAD_USER_INPUT', async () => {
    expect((await admin.graphql(Q, { limit: 0 })).body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await admin.graphql(Q, { role: 'owner' })).body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});
