
import express from 'express';
import multer from 'multer';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { listen } from '@shop/platform';
import { MAX_ADDRESSES } from '@shop/proto-contracts';
import { newUser, registeredClient, startAuthService, TestClient, type AuthTestService } from '../testing/auth-test-service';
import { sha256 } from '../domain/session.service';

let service: AuthTestService;
beforeAll(async () => {
  service = await startAuthService();
});
afterAll(async () => {
  await service?.close();
});

const client = () => new TestClient(service.url);
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** Nothing secret may ever appear in a response body. */
function expectNoSecrets(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/scrypt\$/);
  expect(text).not.toMatch(/password/i);
  expect(text).not.toMatch(/token/i);
  expect(text).not.toMatch(/otp/i);
}

describe('POST /api/v1/register', () => {
  it('creates the account, answers 201 with the user and logs in', async () => {
    const c = client();
    const payload = newUser();
    const res = await c.post('/api/v1/register', payload);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, user: { name: payload.name, email: payload.email, role: 'user', phone: ['9876543210'], address: [] } });
    expect(res.body.user._id).toBe(res.body.user.id);
    expect((await c.get('/api/v1/profile')).status).toBe(200);
  });

  it.each([
    ['name', { name: '' }],
    ['email', { email: '   ' }],
    ['phone', { phone: undefined }],
    ['password', { password: '  ' }],
  ])('refuses a missing %s with the spec text', async (_field, override) => {
    const res = await client().post('/api/v1/register', { ...newUser(), ...override });
    expect(res).toMatchObject({ status: 400, body: { success: false, message: 'Please fill all the field properly' } });
  });

  it('refuses a malformed email', async () => {
    const res = await client().post('/api/v1/register', newUser({ email: 'asha.example.in' }));
    expect(res).toMatchObject({ status: 400, body: { message: 'Please enter a valid email address' } });
  });

  it('refuses a phone that is not an Indian mobile number', async () => {
    const res = await client().post('/api/v1/register', newUser({ phone: '12345' }));
    expect(res).toMatchObject({ status: 400, body: { message: 'Please enter a valid 10-digit Indian mobile number' } });
  });

  it('stores a +91 phone as its 10 digits', async () => {
    const res = await client().post('/api/v1/register', newUser({ phone: '+91 98765-43211' }));
    expect(res.body.user.phone).toEqual(['9876543211']);
  });

  it('refuses a password shorter than 8 characters', async () => {
    const res = await client().post('/api/v1/register', newUser({ password: 'short' }));
    expect(res).toMatchObject({ status: 400, body: { message: 'Password must be at least 8 characters long' } });
  });

  it('refuses an email that is taken, whatever its case, with 409', async () => {
    const { payload } = await registeredClient(service);
    const res = await client().post('/api/v1/register', newUser({ email: payload.email.toUpperCase() }));
    expect(res).toMatchObject({ status: 409, body: { success: false, message: 'An account with this email already exists' } });
  });

  it('ignores a role sent with the sign-up', async () => {
    const res = await client().post('/api/v1/register', { ...newUser(), role: 'admin' });
    expect(res.body.user.role).toBe('user');
  });

  it('publishes UserRegistered through the outbox', async () => {
    const { user } = await registeredClient(service);
    const rows = await service.rows(sql`select type from auth.outbox where payload->>'userId' = ${user.id}`);
    expect(rows.map((r) => r.type)).toEqual(['UserRegistered']);
  });

  it('answers 400, not 500, to a malformed JSON body', async () => {
    const res = await fetch(`${service.url}/api/v1/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' });
    expect(res.status).toBe(400);
  });

  it('limits sign-ups to 30 an hour from one address (a carrier address is shared by many shoppers)', async () => {
    const c = client();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await c.post('/api/v1/register', newUser())).status);
    expect(statuses.every((s) => s === 201)).toBe(true);
    const res = await c.post('/api/v1/register', newUser());
    expect(res).toMatchObject({ status: 429, body: { success: false, message: 'Too many requests, please try again later.' } });
  });

  it.each(['12345678', 'password', 'aaaaaaaa', 'Password1', 'iloveyou'])('refuses the commonly used password %s and says why', async (password) => {
    const res = await client().post('/api/v1/register', newUser({ password }));
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/most commonly used/);
  });
});

describe('POST /api/v1/login', () => {
  it('logs in and sets both tokens as httpOnly, SameSite=Lax cookies on /', async () => {
    const { payload } = await registeredClient(service);
    const res = await client().post('/api/v1/login', { email: payload.email, password: payload.password });
    expect(res.status).toBe(200);
    const byName = Object.fromEntries((res.setCookies ?? []).map((c) => [c.split('=')[0], c]));
    for (const name of ['access_token', 'refresh_token']) {
      expect(byName[name]).toMatch(/; HttpOnly/);
      expect(byName[name]).toMatch(/; SameSite=Lax/);
      expect(byName[name]).toMatch(/; Path=\//);
    }
  });

  it('answers with the user and no secret', async () => {
    const { payload } = await registeredClient(service);
    const res = await client().post('/api/v1/login', { email: payload.email.toUpperCase(), password: payload.password });
    expect(res.body.user.email).toBe(payload.email);
    expectNoSecrets(res.body.user);
  });

  it('gives the same 401 for a wrong password and for an unknown email', async () => {
    const { payload } = await registeredClient(service);
    const wrongPassword = await client().post('/api/v1/login', { email: payload.email, password: 'Wrong#1234' });
    const unknownEmail = await client().post('/api/v1/login', { email: `nobody.${payload.email}`, password: payload.password });
    expect([wrongPassword.status, wrongPassword.body]).toEqual([401, { success: false, message: 'Invalid email or password' }]);
    expect([unknownEmail.status, unknownEmail.body]).toEqual([401, { success: false, message: 'Invalid email or password' }]);
  });

  it('refuses an account after 10 failures from any mix of addresses, even with the right password', async () => {
    const { payload } = await registeredClient(service);
    for (let i = 0; i < 10; i += 1) expect((await client().post('/api/v1/login', { email: payload.email, password: `Wrong#${i}xyz` })).status).toBe(401);
    const res = await client().post('/api/v1/login', { email: payload.email, password: payload.password });
    expect(res).toMatchObject({ status: 429, body: { message: 'Too many failed logins. Please wait 15 minutes or reset your password.' } });
    // The owner resets the password and is let in at once.
    await client().post('/api/v1/password/forgot', { email: payload.email });
    await service.accountMailHandled();
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec((await service.lastMailTo(payload.email))!.body)![1]!;
    expect((await client().post(`/api/v1/reset/${token}`, { password: 'Fresh#Mango42', confirmPassword: 'Fresh#Mango42' })).status).toBe(200);
    expect((await client().post('/api/v1/login', { email: payload.email, password: 'Fresh#Mango42' })).status).toBe(200);
  });

  // 110 logins, each an scrypt check at the production cost (about 50 ms of a core apiece): more than
  // the default minute when another test file runs beside it on a busy machine.
  it('refuses an address that sprays one password over many accounts, and lets many shoppers of one address log in', async () => {
    const shared = client();
    const accounts = await Promise.all(Array.from({ length: 3 }, () => registeredClient(service)));
    // Shoppers behind one carrier address: many successful logins are fine.
    for (let i = 0; i < 60; i += 1) {
      const { payload } = accounts[i % accounts.length]!;
      expect((await shared.post('/api/v1/login', { email: payload.email, password: payload.password })).status).toBe(200);
    }
    // One password tried on 50 accounts: the address is stopped, whatever account comes next.
    for (let i = 0; i < 50; i += 1) await shared.post('/api/v1/login', { email: `sprayed${i}.${accounts[0]!.payload.email}`, password: 'Summer#2024' });
    const res = await shared.post('/api/v1/login', { email: accounts[1]!.payload.email, password: accounts[1]!.payload.password });
    expect(res.status).toBe(429);
    // Another address is not affected.
    expect((await client().post('/api/v1/login', { email: accounts[1]!.payload.email, password: accounts[1]!.payload.password })).status).toBe(200);
  }, 180_000);
});

describe('sessions', () => {
  /** Another client holding a copy of this client's access token only (a stolen token). */
  const thiefWith = (c: TestClient) => {
    const thief = client();
    thief.cookies.set('access_token', c.cookies.get('access_token')!);
    return thief;
  };

  it("logout ends that session's access token at once, not only its refresh token", async () => {
    const { client: c } = await registeredClient(service);
    const thief = thiefWith(c);
    expect((await thief.get('/api/v1/profile')).status).toBe(200);
    await c.post('/api/v1/logout');
    expect(await thief.get('/api/v1/profile')).toMatchObject({ status: 401, body: { message: 'Session expired. Please login again.' } });
  });

  it('a password change ends every other session (access and refresh tokens); the caller stays logged in', async () => {
    const { client: c, payload } = await registeredClient(service);
    const other = client();
    await other.post('/api/v1/login', { email: payload.email, password: payload.password });
    const thief = thiefWith(c);
    const res = await c.put('/api/v1/password/update', { oldPassword: payload.password, newPassword: 'Fresh#Mango42', confirmPassword: 'Fresh#Mango42' });
    expect(res.status).toBe(200);
    expect((await thief.get('/api/v1/profile')).status).toBe(401);
    expect((await other.get('/api/v1/profile')).status).toBe(401);
    expect((await other.post('/api/v1/refresh-token')).status).toBe(401);
    expect((await c.get('/api/v1/profile')).status).toBe(200);
    // A stolen access token can no longer change the email: the password is asked.
    const takeover = await thief.put('/api/v1/profile/update', { name: 'x', email: 'attacker@example.in' });
    expect(takeover.status).toBe(401);
  });

  it('a password reset ends every session, access tokens included', async () => {
    const { client: c, payload } = await registeredClient(service);
    await client().post('/api/v1/password/forgot', { email: payload.email });
    await service.accountMailHandled();
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec((await service.lastMailTo(payload.email))!.body)![1]!;
    expect((await client().post(`/api/v1/reset/${token}`, { password: 'Fresh#Mango42', confirmPassword: 'Fresh#Mango42' })).status).toBe(200);
    expect((await c.get('/api/v1/profile')).status).toBe(401);
    expect((await c.post('/api/v1/refresh-token')).status).toBe(401);
  });

  it('refresh-token issues a new pair and still logs the user in', async () => {
    const { client: c } = await registeredClient(service);
    const before = c.cookies.get('refresh_token');
    const res = await c.post('/api/v1/refresh-token');
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect(c.cookies.get('refresh_token')).not.toBe(before);
    expect((await c.get('/api/v1/profile')).status).toBe(200);
  });

  it('two tabs refreshing with the same token at the same moment both stay logged in', async () => {
    const { client: first } = await registeredClient(service);
    const second = client();
    second.cookies.set('refresh_token', first.cookies.get('refresh_token')!);
    const [a, b] = await Promise.all([first.post('/api/v1/refresh-token'), second.post('/api/v1/refresh-token')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(first.cookies.get('refresh_token')).not.toBe(second.cookies.get('refresh_token'));
    expect([(await first.get('/api/v1/profile')).status, (await second.get('/api/v1/profile')).status]).toEqual([200, 200]);
    // Each tab's new refresh token works in turn.
    expect([(await first.post('/api/v1/refresh-token')).status, (await second.post('/api/v1/refresh-token')).status]).toEqual([200, 200]);
  });

  it('a refresh token presented again after the grace period is refused and revokes the whole family', async () => {
    const { client: c } = await registeredClient(service);
    const stolen = c.cookies.get('refresh_token')!;
    await c.post('/api/v1/refresh-token');
    // The legitimate rotation happened longer ago than the grace period.
    await service.rows(sql`update auth.refresh_tokens set used_at = used_at - interval '21 seconds' where token_hash = ${sha256(stolen)}`);
    const thief = client();
    thief.cookies.set('refresh_token', stolen);
    const replay = await thief.post('/api/v1/refresh-token');
    expect(replay).toMatchObject({ status: 401, body: { message: 'Session expired. Please login again.' } });
    // The legitimate holder's newer token belonged to the same family, so it is dead too.
    expect((await c.post('/api/v1/refresh-token')).status).toBe(401);
  });

  it('a refresh token replayed after the grace period also ends the access tokens already issued in its session', async () => {
    const { client: c, payload } = await registeredClient(service);
    const elsewhere = client();
    await elsewhere.post('/api/v1/login', { email: payload.email, password: payload.password });
    const stolen = c.cookies.get('refresh_token')!;
    await c.post('/api/v1/refresh-token');
    // The thief had taken the access token as well; the holder's fresh one is of the same session.
    const thief = thiefWith(c);
    expect((await thief.get('/api/v1/profile')).status).toBe(200);
    await service.rows(sql`update auth.refresh_tokens set used_at = used_at - interval '21 seconds' where token_hash = ${sha256(stolen)}`);
    const replayer = client();
    replayer.cookies.set('refresh_token', stolen);
    expect((await replayer.post('/api/v1/refresh-token')).status).toBe(401);
    expect(await thief.get('/api/v1/profile')).toMatchObject({ status: 401, body: { message: 'Session expired. Please login again.' } });
    expect((await c.get('/api/v1/profile')).status).toBe(401);
    // The shopper's other session (another device) is not touched.
    expect((await elsewhere.get('/api/v1/profile')).status).toBe(200);
  });

  it('refresh without a cookie answers 401 with the session-expired text', async () => {
    const res = await client().post('/api/v1/refresh-token');
    expect(res).toMatchObject({ status: 401, body: { success: false, message: 'Session expired. Please login again.' } });
  });

  it('stores refresh tokens only as hashes', async () => {
    const { client: c, user } = await registeredClient(service);
    const rows = await service.rows<{ token_hash: string }>(sql`select token_hash from auth.refresh_tokens where user_id = ${user.id}`);
    expect(rows.map((r) => r.token_hash)).not.toContain(c.cookies.get('refresh_token'));
  });

  it('logout clears both cookies and answers the spec text', async () => {
    const { client: c } = await registeredClient(service);
    const res = await c.post('/api/v1/logout');
    expect(res.body).toEqual({ success: true, message: 'Logged out successfully' });
    expect([...c.cookies.keys()]).toEqual([]);
  });

  it('logout revokes the refresh token on the server', async () => {
    const { client: c } = await registeredClient(service);
    const token = c.cookies.get('refresh_token')!;
    await c.post('/api/v1/logout');
    const again = client();
    again.cookies.set('refresh_token', token);
    expect((await again.post('/api/v1/refresh-token')).status).toBe(401);
  });

  it('logout works when nobody is logged in', async () => {
    const res = await client().post('/api/v1/logout');
    expect(res).toMatchObject({ status: 200, body: { success: true } });
  });
});

describe('GET /api/v1/profile', () => {
  it('answers the user without any secret', async () => {
    const { client: c, payload } = await registeredClient(service);
    const res = await c.get('/api/v1/profile');
    expect(res.body).toMatchObject({ success: true, user: { email: payload.email } });
    expect(Object.keys(res.body.user).sort()).toEqual(['_id', 'address', 'avatar', 'createdAt', 'email', 'emailVerifiedAt', 'id', 'name', 'phone', 'role']);
  });

  it('needs login', async () => {
    expect((await client().get('/api/v1/profile')).status).toBe(401);
  });
});

const verifyTokenIn = (body: string | undefined) => /\/verify-email\/([A-Za-z0-9_-]+)/.exec(body ?? '')?.[1];

describe('email verification', () => {
  it('sign-up mails a link; opening it records when the email was verified (REST and GraphQL), once', async () => {
    const { client: c, payload } = await registeredClient(service);
    expect((await c.get('/api/v1/profile')).body.user.emailVerifiedAt).toBeNull();
    const mail = await service.lastMailTo(payload.email);
    expect(mail?.subject).toBe('ShopKart: verify your email address');
    // The address is not proven yet: nothing the caller typed (the name) is in the mail.
    expect(mail?.body).not.toContain(payload.name);
    const token = verifyTokenIn(mail?.body)!;
    expect(await client().post(`/api/v1/email/verify/${token}`)).toMatchObject({ status: 200, body: { message: 'Email verified successfully' } });
    const verifiedAt = (await c.get('/api/v1/profile')).body.user.emailVerifiedAt;
    expect(Date.parse(verifiedAt)).toBeGreaterThan(0);
    expect((await c.graphql('{ me { emailVerifiedAt } }')).body.data.me.emailVerifiedAt).toBe(verifiedAt);
    expect(await client().post(`/api/v1/email/verify/${token}`)).toMatchObject({ status: 400, body: { message: 'Verification link is invalid or has expired' } });
    expect(await c.post('/api/v1/email/verification')).toMatchObject({ status: 400, body: { message: 'Your email is already verified' } });
  });

  it('the access token says whether the email is verified; opening the link in the logged-in session renews it, elsewhere not (amendment to 0042)', async () => {
    const claim = (token: string | undefined) => JSON.parse(Buffer.from(token!.split('.')[1]!, 'base64url').toString()).emailVerified;
    const { client: c, payload } = await registeredClient(service);
    expect(claim(c.cookies.get('access_token'))).toBe(false);
    const other = (await registeredClient(service)).client;
    const token = verifyTokenIn((await service.lastMailTo(payload.email))?.body)!;
    const otherAccess = other.cookies.get('access_token');
    // Another account's session opening the link: the link works, that session's token stays.
    expect((await other.post(`/api/v1/email/verify/${token}`)).status).toBe(200);
    expect(other.cookies.get('access_token')).toBe(otherAccess);
    expect(claim(c.cookies.get('access_token'))).toBe(false);
    // The next refresh (or login) of the owner's session says so.
    expect((await c.post('/api/v1/refresh-token')).status).toBe(200);
    expect(claim(c.cookies.get('access_token'))).toBe(true);
    expect((await c.get('/api/v1/profile')).status).toBe(200);

    // Opened in the owner's own logged-in session (GraphQL here): a fresh access token at once, same session, same refresh cookie.
    const { client: owner, payload: p2 } = await registeredClient(service);
    const refresh = owner.cookies.get('refresh_token');
    const link = verifyTokenIn((await service.lastMailTo(p2.email))?.body)!;
    const res = await owner.graphql('mutation($t: String!) { verifyEmail(token: $t) { success } }', { t: link });
    expect(res.body.data.verifyEmail).toEqual({ success: true });
    expect(claim(owner.cookies.get('access_token'))).toBe(true);
    expect(owner.cookies.get('refresh_token')).toBe(refresh);
    expect((await owner.get('/api/v1/profile')).body.user.emailVerifiedAt).toEqual(expect.any(String));
  });

  it('"resend" sends a new link (the old one stops working), limited per address and account over REST and GraphQL alike', async () => {
    const { client: c, payload } = await registeredClient(service);
    const first = verifyTokenIn((await service.lastMailTo(payload.email))?.body)!;
    expect(await c.post('/api/v1/email/verification')).toMatchObject({ status: 200, body: { message: `We sent a verification link to ${payload.email}. Open it to verify your email.` } });
    const second = verifyTokenIn((await service.lastMailTo(payload.email))?.body)!;
    expect(second).not.toBe(first);
    expect((await client().post(`/api/v1/email/verify/${first}`)).status).toBe(400);
    // Sign-up's mail and two resends: the third mail to this address in the hour was the last.
    expect((await c.graphql('mutation { a: resendVerificationEmail { success } }')).body.data?.a).toEqual({ success: true });
    const refused = await c.graphql('mutation { a: resendVerificationEmail { success } }');
    expect(refused.body.errors?.[0]).toMatchObject({ message: 'Too many mails to this address or from this account. Please try again in an hour.', extensions: { code: 'TOO_MANY_REQUESTS' } });
    expect((await c.post('/api/v1/email/verification')).status).toBe(429);
    expect((await client().post(`/api/v1/email/verify/${second}`)).status).toBe(400);
  });

  it('needs login to resend; a made-up token is a 400', async () => {
    expect((await client().post('/api/v1/email/verification')).status).toBe(401);
    expect((await client().post('/api/v1/email/verify/nonsense')).status).toBe(400);
  });
});

describe('POST /api/v1/addPhone', () => {
  it('adds a number with a +91 prefix as 10 digits', async () => {
    const { client: c } = await registeredClient(service);
    const res = await c.post('/api/v1/addPhone', { phone: ' +919123456789 ' });
    expect(res.body).toMatchObject({ success: true, message: 'Phone number added successfully!', user: { phone: ['9876543210', '9123456789'] } });
  });

  it('refuses an empty number with the spec text', async () => {
    const { client: c } = await registeredClient(service);
    const res = await c.post('/api/v1/addPhone', { phone: '   ' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Phone number cannot be empty!' } });
  });

  it('refuses a number that is not an Indian mobile', async () => {
    const { client: c } = await registeredClient(service);
    const res = await c.post('/api/v1/addPhone', { phone: '5123456789' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Please enter a valid 10-digit Indian mobile number' } });
  });

  it('does not save the same number twice', async () => {
    const { client: c } = await registeredClient(service);
    const res = await c.post('/api/v1/addPhone', { phone: '09876543210' });
    expect(res).toMatchObject({ status: 400, body: { message: 'This phone number is already saved' } });
  });

  it('keeps at most 10 numbers', async () => {
    const { client: c } = await registeredClient(service);
    for (let i = 1; i < 10; i += 1) await c.post('/api/v1/addPhone', { phone: `700000000${i}` });
    const res = await c.post('/api/v1/addPhone', { phone: '8000000000' });
    expect(res).toMatchObject({ status: 400, body: { message: 'You can save at most 10 phone numbers' } });
  });

  it('needs login', async () => {
    expect((await client().post('/api/v1/addPhone', { phone: '9123456789' })).status).toBe(401);
  });
});

describe('POST /api/v1/addAddress', () => {
  it('adds a trimmed address with the optional parts', async () => {
    const { client: c } = await registeredClient(service);
    const res = await c.post('/api/v1/addAddress', { pin: ' 560001 ', other: ' 12 MG Road ', city: 'Bengaluru', state: 'Karnataka', country: 'India' });
    expect(res.body).toMatchObject({
      success: true,
      message: 'Address added successfully!',
      user: { address: [{ pin: '560001', other: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', country: 'India' }] },
    });
  });

  it('refuses a missing pin with the spec text', async () => {
    const { client: c } = await registeredClient(service);
    const res = await c.post('/api/v1/addAddress', { other: '12 MG Road' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Both PIN code and address details are required!' } });
  });

  it('refuses blank values with the spec text', async () => {
    const { client: c } = await registeredClient(service);
    const res = await c.post('/api/v1/addAddress', { pin: '560001', other: '   ' });
    expect(res).toMatchObject({ status: 400, body: { message: 'PIN code and address cannot be empty!' } });
  });

  it('refuses a pin that is not 6 digits', async () => {
    const { client: c } = await registeredClient(service);
    const res = await c.post('/api/v1/addAddress', { pin: '056001', other: '12 MG Road' });
    expect(res).toMatchObject({ status: 400, body: { message: 'PIN code must be 6 digits' } });
  });

  it('refuses an address longer than 300 characters', async () => {
    const { client: c } = await registeredClient(service);
    const res = await c.post('/api/v1/addAddress', { pin: '560001', other: 'x'.repeat(301) });
    expect(res).toMatchObject({ status: 400, body: { message: 'Address must be at most 300 characters long' } });
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses`, async () => {
    const { client: c } = await registeredClient(service);
    for (let i = 0; i < MAX_ADDRESSES; i += 1) await c.post('/api/v1/addAddress', { pin: '560001', other: `House ${i}` });
    const res = await c.post('/api/v1/addAddress', { pin: '560001', other: 'One too many' });
    expect(res).toMatchObject({ status: 400, body: { message: `You can save at most ${MAX_ADDRESSES} addresses. Delete one you no longer need to add another.` } });
  });

  it('refuses a PIN code India Post does not have', async () => {
    const { client: c } = await registeredClient(service);
    const res = await c.post('/api/v1/addAddress', { pin: '999999', other: '12 MG Road' });
    expect(res).toMatchObject({ status: 400, body: { message: 'This PIN code does not exist' } });
  });

  it('refuses a state the PIN code is not in', async () => {
    const { client: c } = await registeredClient(service);
    const res = await c.post('/api/v1/addAddress', { pin: '110001', other: '1 Janpath', state: 'karnataka' });
    expect(res).toMatchObject({ status: 400, body: { message: 'PIN code 110001 is in Delhi, not Karnataka' } });
  });

  it('fills in city, district and state from the PIN code and gives the address an id', async () => {
    const { client: c } = await registeredClient(service);
    const res = await c.post('/api/v1/addAddress', { pin: 560001, other: '12 MG Road' });
    const [address] = res.body.user.address;
    expect(address).toMatchObject({ pin: '560001', other: '12 MG Road', city: 'Bangalore', district: 'Bangalore', state: 'Karnataka', isDefault: true });
    expect(address.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('PUT /api/v1/password/update', () => {
  it('changes the password: the new one logs in', async () => {
    const { client: c, payload } = await registeredClient(service);
    const res = await c.put('/api/v1/password/update', { oldPassword: payload.password, newPassword: 'Fresh#5678', confirmPassword: 'Fresh#5678' });
    expect(res.body).toEqual({ success: true, message: 'Password updated successfully' });
    expect((await client().post('/api/v1/login', { email: payload.email, password: 'Fresh#5678' })).status).toBe(200);
  });

  it('refuses a wrong old password', async () => {
    const { client: c } = await registeredClient(service);
    const res = await c.put('/api/v1/password/update', { oldPassword: 'Wrong#1234', newPassword: 'Fresh#5678', confirmPassword: 'Fresh#5678' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Old password is incorrect' } });
  });

  it('refuses a confirmation that does not match', async () => {
    const { client: c, payload } = await registeredClient(service);
    const res = await c.put('/api/v1/password/update', { oldPassword: payload.password, newPassword: 'Fresh#5678', confirmPassword: 'Fresh#5679' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Password does not match' } });
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const { client: c, payload } = await registeredClient(service);
    const res = await c.put('/api/v1/password/update', { oldPassword: payload.password, newPassword: 'short', confirmPassword: 'short' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Password must be at least 8 characters long' } });
  });

  it('ends the other sessions but keeps the caller logged in', async () => {
    const { client: c, payload } = await registeredClient(service);
    const other = client();
    await other.post('/api/v1/login', { email: payload.email, password: payload.password });
    await c.put('/api/v1/password/update', { oldPassword: payload.password, newPassword: 'Fresh#5678', confirmPassword: 'Fresh#5678' });
    expect([(await other.post('/api/v1/refresh-token')).status, (await c.post('/api/v1/refresh-token')).status]).toEqual([401, 200]);
  });
});

describe('PUT /api/v1/profile/update', () => {
  const AVATAR = '/media/0123456789abcdef0123456789abcdef/card.webp';

  it('changes the name and avatar at once; a new email only once confirmed from the new inbox, with a notice to the old one', async () => {
    const { client: c, payload } = await registeredClient(service);
    const email = newUser().email;
    const noPassword = await c.put('/api/v1/profile/update', { name: 'Asha Rao', email });
    expect(noPassword).toMatchObject({ status: 400, body: { message: 'Please enter your current password to change your email' } });
    const wrong = await c.put('/api/v1/profile/update', { name: 'Asha Rao', email, currentPassword: 'Wrong#pass1' });
    expect(wrong).toMatchObject({ status: 400, body: { message: 'Current password is incorrect' } });

    const res = await c.put('/api/v1/profile/update', { name: 'Asha Rao', email: email.toUpperCase(), avatar: AVATAR, currentPassword: payload.password });
    expect(res.body).toMatchObject({ success: true, user: { name: 'Asha Rao', email: payload.email, avatar: AVATAR } });
    expect(res.body.message).toContain(`Check your new inbox: we sent a link to ${email}`);
    // The current address was never proven, so its notice names no address the caller typed.
    const notice = (await service.lastMailTo(payload.email))?.body;
    expect(notice).toContain('asked to change its email');
    expect(notice).not.toContain(email);
    const mail = await service.lastMailTo(email);
    expect(mail!.body).not.toContain('Asha Rao');
    const token = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;

    expect((await c.get('/api/v1/profile')).body.user.email).toBe(payload.email);
    const confirm = await new TestClient(service.url).post(`/api/v1/email/confirm/${token}`, {});
    expect(confirm).toMatchObject({ status: 200, body: { message: 'Email changed successfully' } });
    expect((await c.get('/api/v1/profile')).body.user.email).toBe(email);
    expect(await new TestClient(service.url).post(`/api/v1/email/confirm/${token}`, {})).toMatchObject({ status: 400, body: { message: 'Email confirmation link is invalid or has expired' } });
  });

  it('refuses an email another account has with 409', async () => {
    const { payload: other } = await registeredClient(service);
    const { client: c, payload } = await registeredClient(service);
    const res = await c.put('/api/v1/profile/update', { name: 'Asha', email: other.email, currentPassword: payload.password });
    expect(res).toMatchObject({ status: 409, body: { message: 'An account with this email already exists' } });
  });

  it.each(['javascript:alert(1)', 'https://attacker.example/pixel.png', '/media/../etc/passwd', '/media/abc/card.webp'])('refuses an avatar %s that is not an image the shop stored', async (avatar) => {
    const { client: c, payload } = await registeredClient(service);
    const res = await c.put('/api/v1/profile/update', { name: 'Asha', email: payload.email, avatar });
    expect(res).toMatchObject({ status: 400, body: { message: 'Avatar must be an image uploaded to the shop' } });
  });

  it('answers 503 for an avatar file when no media service is configured', async () => {
    const { client: c, payload } = await registeredClient(service);
    const form = new FormData();
    form.append('name', 'Asha');
    form.append('email', payload.email);
    form.append('avatar', new Blob([PNG], { type: 'image/png' }), 'me.png');
    const res = await c.put('/api/v1/profile/update', form);
    expect(res).toMatchObject({ status: 503, body: { success: false, message: 'Image upload is not available' } });
  });

  it('refuses a file that is not an image, whatever its declared type, with 415', async () => {
    const { client: c, payload } = await registeredClient(service);
    const form = new FormData();
    form.append('name', 'Asha');
    form.append('email', payload.email);
    form.append('avatar', new Blob(['<svg onload=alert(1)>'], { type: 'image/png' }), 'me.png');
    const res = await c.put('/api/v1/profile/update', form);
    expect(res).toMatchObject({ status: 415, body: { message: 'Only PNG, JPEG, GIF or WebP images are allowed' } });
  });
});

describe('PUT /api/v1/profile/update with a media service', () => {
  let media: Server;
  let withMedia: AuthTestService;
  const received: Array<{ authorization?: string; field?: string; purpose?: string; bytes?: number }> = [];

  beforeAll(async () => {
    // A stand-in for the media service's upload endpoint (its contract: multipart field `file`), over real HTTP.
    const app = express();
    app.post('/api/v1/upload', multer({ storage: multer.memoryStorage() }).any(), (req, res) => {
      const [file] = req.files as Express.Multer.File[];
      received.push({ authorization: req.header('authorization'), field: file?.fieldname, purpose: req.body.purpose, bytes: file?.size });
      res.status(201).json({ success: true, secure_url: '/media/avatars/stored.webp' });
    });
    media = await listen(app, 0);
    withMedia = await startAuthService({ mediaUrl: `http://127.0.0.1:${(media.address() as AddressInfo).port}` });
  });
  afterAll(async () => {
    await withMedia?.close();
    media?.close();
  });

  it('stores the file through the media service and saves its URL as the avatar', async () => {
    const { client: c, payload } = await registeredClient(withMedia);
    const form = new FormData();
    form.append('name', 'Asha');
    form.append('email', payload.email);
    form.append('avatar', new Blob([PNG], { type: 'application/octet-stream' }), 'me.png');
    const res = await c.put('/api/v1/profile/update', form);
    expect(res.body.user.avatar).toBe('/media/avatars/stored.webp');
  });

  it('sends the image as the multipart field `file` for the purpose avatar', async () => {
    const { client: c, payload } = await registeredClient(withMedia);
    const form = new FormData();
    form.append('name', 'Asha');
    form.append('email', payload.email);
    form.append('avatar', new Blob([PNG], { type: 'image/png' }), 'me.png');
    await c.put('/api/v1/profile/update', form);
    expect(received.at(-1)).toMatchObject({ field: 'file', purpose: 'avatar', bytes: PNG.length });
  });

  it("forwards the caller's access token to the media service", async () => {
    const { client: c, payload } = await registeredClient(withMedia);
    const form = new FormData();
    form.append('name', 'Asha');
    form.append('email', payload.email);
    form.append('avatar', new Blob([PNG], { type: 'image/png' }), 'me.png');
    await c.put('/api/v1/profile/update', form);
    expect(received.at(-1)?.authorization).toBe(`Bearer ${c.cookies.get('access_token')}`);
  });
});
