
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
});
