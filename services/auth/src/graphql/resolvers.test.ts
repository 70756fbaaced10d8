
import { sql } from 'drizzle-orm';
import { adminClient, newUser, registeredClient, startAuthService, TestClient, type AuthTestService } from '../testing/auth-test-service';

let service: AuthTestService;
beforeAll(async () => {
  service = await startAuthService();
});
afterAll(async () => {
  await service?.close();
});

const client = () => new TestClient(service.url);
const ME = 'query { me { id _id name email role phone address { pin other } avatar createdAt } }';

describe('Query.me', () => {
  it('is null for a visitor, without an error', async () => {
    const res = await client().graphql(ME);
    expect(res.body).toEqual({ data: { me: null } });
  });

  it('is null for a stale token, without an error', async () => {
    const c = client();
    c.cookies.set('access_token', 'not.a.token');
    const res = await c.graphql(ME);
    expect(res.body).toEqual({ data: { me: null } });
  });

  it('is the logged-in user', async () => {
    const { client: c, user } = await registeredClient(service);
    const res = await c.graphql(ME);
    expect(res.body.data?.me).toMatchObject({ id: user.id, _id: user.id, email: user.email, role: 'user', phone: ['9876543210'] });
  });
});

describe('Mutation.login and register', () => {
  it('login sets the session cookies, so `me` works afterwards', async () => {
    const { payload } = await registeredClient(service);
    const c = client();
    await c.graphql('mutation($e: String!, $p: String!) { login(email: $e, password: $p) { success user { email } } }', { e: payload.email, p: payload.password });
    expect((await c.graphql(ME)).body.data?.me?.email).toBe(payload.email);
  });

  it('a wrong password is UNAUTHENTICATED with the generic text', async () => {
    const { payload } = await registeredClient(service);
    const res = await client().graphql('mutation($e: String!) { login(email: $e, password: "Wrong#1234") { success } }', { e: payload.email });
    expect(res.body.errors?.[0]).toMatchObject({ message: 'Invalid email or password', extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('register validates with the same texts as REST', async () => {
    const res = await client().graphql('mutation($i: RegisterInput!) { register(input: $i) { success } }', { i: { ...newUser(), name: ' ' } });
    expect(res.body.errors?.[0]).toMatchObject({ message: 'Please fill all the field properly', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('register creates a plain user and logs in', async () => {
    const c = client();
    const input = newUser();
    await c.graphql('mutation($i: RegisterInput!) { register(input: $i) { success } }', { i: input });
    expect((await c.graphql(ME)).body.data?.me).toMatchObject({ email: input.email, role: 'user' });
  });

  it('logout clears the session cookies', async () => {
    const { client: c } = await registeredClient(service);
    await c.graphql('mutation { logout { success message } }');
    expect((await c.graphql(ME)).body.data?.me).toBeNull();
  });
});

describe('profile mutations', () => {
  it('addAddress answers the spec text and the updated user', async () => {
    const { client: c } = await registeredClient(service);
    const res = await c.graphql('mutation($i: AddressInput!) { addAddress(input: $i) { success message user { address { pin other } } } }', {
      i: { pin: '400001', other: 'Flat 4, Marine Drive' },
    });
    expect(res.body.data?.addAddress).toEqual({ success: true, message: 'Address added successfully!', user: { address: [{ pin: '400001', other: 'Flat 4, Marine Drive' }] } });
  });

  it('addPhone needs login', async () => {
    const res = await client().graphql('mutation { addPhone(phone: "9123456789") { success } }');
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('admin operations', () => {
  it('adminUsers is FORBIDDEN for a plain user', async () => {
    const { client: c } = await registeredClient(service);
    const res = await c.graphql('query { adminUsers { id } }');
    expect(res.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('setUserRole changes the role for an admin', async () => {
    const { client: a } = await adminClient(service);
    const { user } = await registeredClient(service);
    const res = await a.graphql('mutation($id: ID!) { setUserRole(id: $id, role: emp) { message user { role } } }', { id: user.id });
    expect(res.body.data?.setUserRole).toEqual({ message: 'Role changed to emp', user: { role: 'emp' } });
  });

  it('adminUser is null for an unknown id', async () => {
    const { client: a } = await adminClient(service);
    const res = await a.graphql('query { adminUser(id: "00000000-0000-4000-8000-000000000000") { id } }');
    expect(res.body).toEqual({ data: { adminUser: null } });
  });
});

describe('Query.userStats', () => {
  const STATS = 'query { userStats { totalUsers } }';
  const rowCount = async () => (await service.rows<{ n: number }>(sql`select count(*)::int as n from auth.users`))[0].n;

  it('is FORBIDDEN for a shopper and UNAUTHENTICATED for a visitor', async () => {
    const { client: c } = await registeredClient(service);
    expect((await c.graphql(STATS)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await client().graphql(STATS)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('counts every account for an admin, and a new sign-up adds one', async () => {
    const { client: a } = await adminClient(service);
    const before = (await a.graphql(STATS)).body.data?.userStats.totalUsers;
    expect(before).toBe(await rowCount());
    await registeredClient(service);
    expect((await a.graphql(STATS)).body.data?.userStats).toEqual({ totalUsers: before + 1 });
  });

  it('is open to an employee, who still cannot list the accounts', async () => {
    const { client: a } = await adminClient(service);
    const { user, payload } = await registeredClient(service);
    await a.graphql('mutation($id: ID!) { setUserRole(id: $id, role: emp) { success } }', { id: user.id });
    const emp = client();
    expect((await emp.post('/api/v1/login', { email: payload.email, password: payload.password })).status).toBe(200);
    expect((await emp.graphql(STATS)).body.data?.userStats.totalUsers).toBe(await rowCount());
    expect((await emp.graphql('query { adminUsers { id } }')).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('User entity', () => {
  const ENTITY = 'query($r: [_Any!]!) { _entities(representations: $r) { ... on User { id email } } }';

  it('resolves for the user themself', async () => {
    const { client: c, user } = await registeredClient(service);
    const res = await c.graphql(ENTITY, { r: [{ __typename: 'User', id: user.id }] });
    expect(res.body.data?._entities).toEqual([{ id: user.id, email: user.email }]);
  });

  it("is null for another shopper's account", async () => {
    const { user } = await registeredClient(service);
    const { client: other } = await registeredClient(service);
    const res = await other.graphql(ENTITY, { r: [{ __typename: 'User', id: user.id }] });
    expect(res.body.data?._entities).toEqual([null]);
  });

  it("gives an emp the buyer's id and name only, never the account record; an admin reads it all", async () => {
    const { client: a } = await adminClient(service);
    const { user: buyer } = await registeredClient(service);
    const { user, payload } = await registeredClient(service);
    await a.graphql('mutation($id: ID!) { setUserRole(id: $id, role: emp) { success } }', { id: user.id });
    const emp = client();
    await emp.post('/api/v1/login', { email: payload.email, password: payload.password });
    const r = [{ __typename: 'User', id: buyer.id }];
    const named = await emp.graphql('query($r: [_Any!]!) { _entities(representations: $r) { ... on User { id name } } }', { r });
    expect(named.body.data?._entities).toEqual([{ id: buyer.id, name: expect.any(String) }]);
    for (const field of ['email', 'role', 'phone', 'address { pin }', 'avatar', 'createdAt']) {
      const res = await emp.graphql(`query($r: [_Any!]!) { _entities(representations: $r) { ... on User { name ${field} } } }`, { r });
      expect(JSON.stringify(res.body.data ?? {})).not.toContain(buyer.email);
      expect(res.body.errors?.[0]).toMatchObject({ message: "Only an admin or the account's owner can see its email, phones, addresses and role", extensions: { code: 'FORBIDDEN' } });
    }
    const admin = await a.graphql('query($r: [_Any!]!) { _entities(representations: $r) { ... on User { email role } } }', { r });
    expect(admin.body.data?._entities).toEqual([{ email: buyer.email, role: 'user' }]);
  });
});
