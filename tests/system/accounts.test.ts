import { Client } from 'pg';
import sharp from 'sharp';
import { ShopClient } from '../support/http-client';
import { startDistributedShop, type DistributedShop } from '../support/distributed-shop';
import { pollUntil } from '../support/poll';

/**
 * The account flows across separate processes on real PostgreSQL, RabbitMQ and Redis, through the
 * gateway's REST and GraphQL sides, as a shopper, a partner and an admin would use them.
 */
describe('accounts in distributed mode', () => {
  let shop: DistributedShop;

  beforeAll(async () => {
    shop = await startDistributedShop();
  }, 180_000);

  afterAll(async () => {
    await shop?.stop();
  });

  async function query<T>(service: 'auth' | 'catalog' | 'cart' | 'order' | 'media', text: string, params: unknown[] = []): Promise<T[]> {
    const c = new Client({ connectionString: shop.databaseUrl(service) });
    await c.connect();
    try {
      return (await c.query(text, params)).rows as T[];
    } finally {
      await c.end();
    }
  }

  const eventually = <T,>(probe: () => Promise<T | undefined>, timeoutMs = 15_000) => pollUntil(probe, timeoutMs);

  test('sign up over REST, then read and change the profile over GraphQL', async () => {
    const shopper = new ShopClient(shop.base);
    const reg = await shopper.post('/api/v1/register', { name: 'Meera Iyer', email: 'meera@shop.test', phone: '+91 98765 43210', password: 'meera-pass-1' });
    expect(reg.status).toBe(201);
    expect(reg.body.user).toMatchObject({ name: 'Meera Iyer', email: 'meera@shop.test', role: 'user', phone: ['9876543210'] });
    expect(JSON.stringify(reg.body)).not.toMatch(/password|hash/i);

    const me = await shopper.graphql('{ me { name email role } }');
    expect(me.body.data.me).toEqual({ name: 'Meera Iyer', email: 'meera@shop.test', role: 'user' });

    const phone = await shopper.graphql('mutation($p: String!) { addPhone(phone: $p) { success message user { phone } } }', { p: '9123456780' });
    expect(phone.body.data.addPhone).toEqual({ success: true, message: 'Phone number added successfully!', user: { phone: ['9876543210', '9123456780'] } });

    const address = await shopper.graphql('mutation($a: AddressInput!) { addAddress(input: $a) { success user { address { pin other city } } } }', {
      a: { pin: ' 560001 ', other: '12 MG Road', city: 'Bengaluru' },
    });
    expect(address.body.data.addAddress.user.address).toEqual([{ pin: '560001', other: '12 MG Road', city: 'Bengaluru' }]);

    const blank = await shopper.post('/api/v1/addAddress', { pin: '  ', other: 'x' });
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ success: false, message: 'PIN code and address cannot be empty!' });

    const profile = await shopper.get('/api/v1/profile');
    expect(profile.body.user.address).toHaveLength(1);
  });

  test('change the password, log out, and log in with the new one', async () => {
    const shopper = new ShopClient(shop.base);
    await shopper.post('/api/v1/register', { name: 'Ravi', email: 'ravi@shop.test', phone: '9000000001', password: 'ravi-pass-1' });
    const wrong = await shopper.put('/api/v1/password/update', { oldPassword: 'nope-nope', newPassword: 'ravi-pass-2', confirmPassword: 'ravi-pass-2' });
    expect(wrong.status).toBe(400);
    const changed = await shopper.put('/api/v1/password/update', { oldPassword: 'ravi-pass-1', newPassword: 'ravi-pass-2', confirmPassword: 'ravi-pass-2' });
    expect(changed.status).toBe(200);
    await shopper.post('/api/v1/logout');
    expect((await shopper.get('/api/v1/profile')).status).toBe(401);

    const old = await shopper.graphql('mutation { login(email: "ravi@shop.test", password: "ravi-pass-1") { success } }');
    expect(old.body.errors?.[0]?.message).toBe('Invalid email or password');
    const fresh = await shopper.graphql('mutation { login(email: "ravi@shop.test", password: "ravi-pass-2") { success user { name } } }');
    expect(fresh.body.data.login).toEqual({ success: true, user: { name: 'Ravi' } });
    expect((await shopper.get('/api/v1/profile')).status).toBe(200);
  });

  test('a logout and a password change end the old access tokens in every service at once', async () => {
    const shopper = new ShopClient(shop.base);
    await shopper.post('/api/v1/register', { name: 'Tara', email: 'tara@shop.test', phone: '9000000009', password: 'tara-pass-1' });
    // Copies of the access token only (a stolen token), used on the cart, order and auth services.
    const thief = new ShopClient(shop.base);
    thief.cookies.set('access_token', shopper.cookies.get('access_token')!);
    expect([(await thief.get('/api/v1/loadCart')).status, (await thief.get('/api/v1/orders/user')).status]).toEqual([200, 200]);
    await shopper.post('/api/v1/logout');
    expect([(await thief.get('/api/v1/loadCart')).status, (await thief.get('/api/v1/orders/user')).status, (await thief.get('/api/v1/profile')).status]).toEqual([401, 401, 401]);

    const phone = new ShopClient(shop.base);
    await phone.post('/api/v1/login', { email: 'tara@shop.test', password: 'tara-pass-1' });
    const laptop = new ShopClient(shop.base);
    await laptop.post('/api/v1/login', { email: 'tara@shop.test', password: 'tara-pass-1' });
    expect((await laptop.put('/api/v1/password/update', { oldPassword: 'tara-pass-1', newPassword: 'tara-pass-2', confirmPassword: 'tara-pass-2' })).status).toBe(200);
    expect([(await phone.get('/api/v1/loadCart')).status, (await phone.get('/api/v1/wishlist')).status, (await phone.get('/api/v1/orders/user')).status]).toEqual([401, 401, 401]);
    expect((await laptop.get('/api/v1/loadCart')).status).toBe(200);
  });

  test('forgot password: a code by mail resets it', async () => {
    const shopper = new ShopClient(shop.base);
    await shopper.post('/api/v1/register', { name: 'Farah', email: 'farah@shop.test', phone: '9000000002', password: 'farah-pass-1' });
    const visitor = new ShopClient(shop.base);
    const sent = await visitor.graphql('mutation { sendOtp(email: "farah@shop.test") { success } }');
    expect(sent.body.data.sendOtp.success).toBe(true);
    const [mail] = await eventually(async () => {
      const rows = await query<{ body: string }>('auth', "select body from auth.mail_log where recipient = 'farah@shop.test' and subject like '%reset code' order by id desc limit 1");
      return rows.length ? rows : undefined;
    });
    const code = /\b(\d{6})\b/.exec(mail!.body)![1];
    const reset = await visitor.post('/api/v1/password/reset-otp', { email: 'farah@shop.test', otp: code, password: 'farah-pass-2', confirmPassword: 'farah-pass-2' });
    expect(reset.status).toBe(200);
    const again = await visitor.post('/api/v1/password/reset-otp', { email: 'farah@shop.test', otp: code, password: 'farah-pass-3', confirmPassword: 'farah-pass-3' });
    expect(again.status).toBe(400);
    expect((await visitor.post('/api/v1/login', { email: 'farah@shop.test', password: 'farah-pass-2' })).status).toBe(200);
  });

  test('a demoted admin loses admin access on the very next request, in every service', async () => {
    const admin = new ShopClient(shop.base);
    expect((await admin.post('/api/v1/login', { email: 'admin@shop.test', password: 'Admin#12345' })).status).toBe(200);
    const staff = new ShopClient(shop.base);
    const reg = await staff.post('/api/v1/register', { name: 'Kabir', email: 'kabir@shop.test', phone: '9000000003', password: 'kabir-pass-1' });
    const kabirId = reg.body.user._id as string;

    const promoted = await admin.put(`/api/v1/admin/user/${kabirId}`, { role: 'admin' });
    expect(promoted.body.message).toBe('Role changed to admin');
    await staff.post('/api/v1/refresh-token');
    expect((await staff.get('/api/v1/admin/users')).status).toBe(200);
    const users = await staff.graphql('{ adminUsers { email } }');
    expect(users.body.data.adminUsers.map((u: { email: string }) => u.email)).toContain('meera@shop.test');

    // Kabir's token still says admin; the demotion must win on his very next requests.
    const demoted = await admin.put(`/api/v1/admin/user/${kabirId}`, { role: 'user' });
    expect(demoted.status).toBe(200);
    const rest = await staff.get('/api/v1/admin/users');
    expect(rest.status).toBe(401);
    const gql = await staff.graphql('{ adminUsers { email } }');
    expect(gql.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } }).png().toBuffer();
    const form = new FormData();
    form.append('purpose', 'product');
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'p.png');
    expect((await staff.post('/api/v1/upload', form)).status).toBe(401);

    // A refresh gives a token with the new role: signed in, but no admin rights.
    expect((await staff.post('/api/v1/refresh-token')).status).toBe(200);
    expect((await staff.get('/api/v1/profile')).body.user.role).toBe('user');
    expect((await staff.get('/api/v1/admin/users')).status).toBe(403);

    // The change also travelled as UserRoleChanged through RabbitMQ to the other services.
    const consumed = await eventually(async () => {
      const rows = await query<{ n: string }>('catalog', "select count(*) as n from catalog.processed_events where consumer = 'catalog.authz'");
      return Number(rows[0]!.n) >= 2 ? Number(rows[0]!.n) : undefined;
    });
    expect(consumed).toBeGreaterThanOrEqual(2);
  });

  test('the gateway answers clearly when a service is down, and recovers when it returns', async () => {
    await shop.processes.auth.stop();
    const visitor = new ShopClient(shop.base);
    const res = await visitor.post('/api/v1/login', { email: 'x@shop.test', password: 'whatever1' });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('The service is temporarily unavailable. Please try again shortly.');
    const gql = await visitor.graphql('{ me { name } }');
    expect(gql.body.errors?.[0]?.message).toBe('The service is temporarily unavailable. Please try again shortly.');
    await shop.restart('auth');
    expect((await visitor.post('/api/v1/login', { email: 'meera@shop.test', password: 'meera-pass-1' })).status).toBe(200);
  });
});
