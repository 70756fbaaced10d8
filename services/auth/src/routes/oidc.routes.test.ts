import { sql } from 'drizzle-orm';
import { OIDC_CALLBACK_PATH, oidcErrorMessages } from '@shop/proto-contracts';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '@shop/platform';
import { freePort } from '../../../../tests/support/processes';
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from '../../../../tests/support/oidc-provider';
import { registeredClient, startAuthService, TestClient, type AuthTestService } from '../testing/auth-test-service';
import { OIDC_STATE_COOKIE } from './oidc.routes';

const PUBLIC_URL = 'http://shop.test';
const REDIRECT_URI = `${PUBLIC_URL}${OIDC_CALLBACK_PATH}`;
const START = '/api/v1/auth/oidc/start';

let tag = 0;
/** A fresh address at the provider (as Google would hold it). */
const googleEmail = (name = 'meera') => `${name}.${Date.now().toString(36)}${(tag += 1)}@example.in`;

/** The provider sends the browser back to the shop's public URL; the test calls the service itself. */
const callbackPath = (url: string) => {
  const u = new URL(url);
  expect(u.origin + u.pathname).toBe(REDIRECT_URI);
  return u.pathname + u.search;
};

async function startAt(client: TestClient, returnTo?: string) {
  const res = await client.navigate(returnTo ? `${START}?returnTo=${encodeURIComponent(returnTo)}` : START);
  expect(res.status).toBe(302);
  return res.location!;
}

/** A whole sign-in as a browser does it: start, the provider's login form, the callback. */
async function signInWithGoogle(client: TestClient, login: string, returnTo?: string) {
  const authorizationUrl = await startAt(client, returnTo);
  return client.navigate(callbackPath(await signInAtProvider(authorizationUrl, login)));
}

describe('Google sign-in (OpenID Connect) against a real provider', () => {
  let provider: TestOidcProvider;
  let service: AuthTestService;

  beforeAll(async () => {
    provider = await startOidcProvider([REDIRECT_URI]);
    service = await startAuthService({
      publicUrl: PUBLIC_URL,
      oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
    });
  });
  afterAll(async () => {
    await service?.close();
    await provider?.stop();
  });

  it('offers the Google button over REST and GraphQL', async () => {
    const expected = [{ id: 'oidc', name: 'Google', startUrl: START }];
    expect((await new TestClient(service.url).get('/api/v1/auth/providers')).body).toEqual({ success: true, providers: expected });
    const gql = await new TestClient(service.url).graphql('{ authProviders { id name startUrl } }');
    expect(gql.body).toEqual({ data: { authProviders: expected } });
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce, keeping the state in a short-lived httpOnly cookie', async () => {
    const client = new TestClient(service.url);
    const res = await client.navigate(START);
    const url = new URL(res.location!);
    expect(url.origin + url.pathname).toBe(`${provider.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: provider.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const cookie = res.setCookies!.find((c) => c.startsWith(`${OIDC_STATE_COOKIE}=`))!;
    expect(cookie).toContain(`${OIDC_STATE_COOKIE}=${url.searchParams.get('state')};`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=600/);
  });

  it('signs a new shopper in with a buyer account and the same session cookies as a password login', async () => {
    const client = new TestClient(service.url);
    const email = googleEmail();
    const res = await signInWithGoogle(client, email, '/cart');
    expect(res).toMatchObject({ status: 302, location: '/cart' });
    expect(res.setCookies!.some((c) => c.startsWith(`${ACCESS_COOKIE}=`) && /HttpOnly/.test(c))).toBe(true);
    expect(res.setCookies!.some((c) => c.startsWith(`${REFRESH_COOKIE}=`) && /HttpOnly/.test(c))).toBe(true);
    const profile = await client.get('/api/v1/profile');
    expect(profile).toMatchObject({ status: 200, body: { user: { email, role: 'user', name: expect.stringMatching(/^Meera /) } } });
    // A session like any other: it refreshes and it logs out.
    expect((await client.post('/api/v1/refresh-token')).status).toBe(200);
    expect((await client.post('/api/v1/logout')).status).toBe(200);
    expect((await client.get('/api/v1/profile')).status).toBe(401);
  });

  it('gives a Google-made account no password until its owner sets one through "Forgot password"', async () => {
    const email = googleEmail('kavya');
    await signInWithGoogle(new TestClient(service.url), email);
    const guess = await new TestClient(service.url).post('/api/v1/login', { email, password: 'none' });
    expect(guess.status).toBe(401);
    await new TestClient(service.url).post('/api/v1/password/forgot', { email });
    await service.accountMailHandled();
    const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec((await service.lastMailTo(email))?.body ?? '')?.[1];
    expect(token).toBeDefined();
    const reset = await new TestClient(service.url).post(`/api/v1/reset/${token}`, { password: 'Fresh#5678', confirmPassword: 'Fresh#5678' });
    expect(reset.status).toBe(200);
    expect((await new TestClient(service.url).post('/api/v1/login', { email, password: 'Fresh#5678' })).status).toBe(200);
  });

  it('links to an existing account whose owner verified its email (any case), keeping its password', async () => {
    const { payload, user } = await registeredClient(service);
    const verifyToken = /\/verify-email\/([A-Za-z0-9_-]+)/.exec((await service.lastMailTo(payload.email))?.body ?? '')![1]!;
    expect((await new TestClient(service.url).post(`/api/v1/email/verify/${verifyToken}`)).status).toBe(200);
    const client = new TestClient(service.url);
    const res = await signInWithGoogle(client, payload.email.toUpperCase());
    expect(res).toMatchObject({ status: 302, location: '/' });
    expect((await client.get('/api/v1/profile')).body.user).toMatchObject({ id: user.id, email: payload.email, name: payload.name });
    const [{ count }] = await service.rows<{ count: number }>(sql`select count(*)::int as count from auth.users where email = ${payload.email}`);
    expect(count).toBe(1);
    expect((await new TestClient(service.url).post('/api/v1/login', { email: payload.email, password: payload.password })).status).toBe(200);
  });

  it('takes an account whose email was never verified away from whoever signed it up (pre-hijacking)', async () => {
    const { client: attacker, payload, user } = await registeredClient(service);
    const owner = new TestClient(service.url);
    expect(await signInWithGoogle(owner, payload.email)).toMatchObject({ status: 302, location: '/' });
    const profile = (await owner.get('/api/v1/profile')).body.user;
    expect(profile).toMatchObject({ id: user.id, email: payload.email });
    expect(Date.parse(profile.emailVerifiedAt)).toBeGreaterThan(0);
    // The sign-up's password, its session and its refresh token all stop working.
    expect((await new TestClient(service.url).post('/api/v1/login', { email: payload.email, password: payload.password })).status).toBe(401);
    expect((await attacker.get('/api/v1/profile')).status).toBe(401);
    expect((await attacker.post('/api/v1/refresh-token')).status).toBe(401);
    expect((await owner.get('/api/v1/profile')).status).toBe(200);
    expect((await service.lastMailTo(payload.email))?.subject).toBe('ShopKart: you signed in with Google');
  });

  it('takes over an account Google was linked to before its email had to be proven, keeping the link', async () => {
    // A link the shop made before decision 0042: the sign-up's password, never proven, beside it.
    const { client: attacker, payload, user } = await registeredClient(service);
    const subject = `g-${Date.now().toString(36)}${(tag += 1)}`;
    await service.rows(sql`insert into auth.oidc_identities (issuer, subject, user_id) values (${provider.issuer}, ${subject}, ${user.id})`);
    const owner = new TestClient(service.url);
    expect(await signInWithGoogle(owner, `subject:${subject}:${payload.email}`)).toMatchObject({ status: 302, location: '/' });
    const profile = (await owner.get('/api/v1/profile')).body.user;
    expect(profile).toMatchObject({ id: user.id, email: payload.email });
    expect(Date.parse(profile.emailVerifiedAt)).toBeGreaterThan(0);
    expect((await new TestClient(service.url).post('/api/v1/login', { email: payload.email, password: payload.password })).status).toBe(401);
    expect((await attacker.get('/api/v1/profile')).status).toBe(401);
    expect((await service.lastMailTo(payload.email))?.subject).toBe('ShopKart: you signed in with Google');
    // Next time it is an ordinary linked sign-in: the owner's other session stays.
    const again = new TestClient(service.url);
    expect(await signInWithGoogle(again, `subject:${subject}:${payload.email}`)).toMatchObject({ status: 302, location: '/' });
    expect((await owner.get('/api/v1/profile')).status).toBe(200);
  });

  it('proves the address of a Google-made account from before, without shutting anyone out', async () => {
    const subject = `g-${Date.now().toString(36)}${(tag += 1)}`;
    const email = googleEmail('isha');
    const first = new TestClient(service.url);
    await signInWithGoogle(first, `subject:${subject}:${email}`);
    // As accounts were before addresses were recorded as proven.
    await service.rows(sql`update auth.users set email_verified_at = null where email = ${email}`);
    const second = new TestClient(service.url);
    expect(await signInWithGoogle(second, `subject:${subject}:${email}`)).toMatchObject({ status: 302, location: '/' });
    expect(Date.parse((await second.get('/api/v1/profile')).body.user.emailVerifiedAt)).toBeGreaterThan(0);
    expect((await first.get('/api/v1/profile')).status).toBe(200);
    expect((await service.lastMailTo(email))?.subject).not.toBe('ShopKart: you signed in with Google');
  });

  it('knows a returning Google account by its subject, even after its email changed at Google', async () => {
    const subject = `g-${Date.now().toString(36)}${(tag += 1)}`;
    const first = new TestClient(service.url);
    const before = googleEmail('anika');
    await signInWithGoogle(first, `subject:${subject}:${before}`);
    const { user } = (await first.get('/api/v1/profile')).body;
    expect(user).toMatchObject({ email: before });

    const after = googleEmail('anika.new');
    const again = new TestClient(service.url);
    expect(await signInWithGoogle(again, `subject:${subject}:${after}`)).toMatchObject({ status: 302, location: '/' });
    expect((await again.get('/api/v1/profile')).body.user).toMatchObject({ id: user.id, email: before });
    expect(await service.rows(sql`select id from auth.users where email = ${after}`)).toEqual([]);
  });

  it('refuses an email the provider has not verified, and creates nothing', async () => {
    const { payload } = await registeredClient(service);
    for (const email of [googleEmail('ravi'), payload.email]) {
      const client = new TestClient(service.url);
      const res = await signInWithGoogle(client, `unverified:${email}`);
      expect(res).toMatchObject({ status: 302, location: '/login?oidcError=unverified' });
      expect(res.setCookies!.some((c) => c.startsWith(`${ACCESS_COOKIE}=`))).toBe(false);
      expect((await client.get('/api/v1/profile')).status).toBe(401);
    }
    const created = await service.rows(sql`select id from auth.users where email like 'ravi.%'`);
    expect(created).toEqual([]);
    expect(oidcErrorMessages.unverified).toMatch(/no verified email/);
  });

  it('refuses a callback whose state is not the one this browser was sent off with', async () => {
    const client = new TestClient(service.url);
    const back = new URL(await signInAtProvider(await startAt(client), googleEmail()));
    back.searchParams.set('state', 'forged-state-of-an-attacker');
    expect(await client.navigate(back.pathname + back.search)).toMatchObject({ status: 302, location: '/login?oidcError=expired' });
    expect((await client.get('/api/v1/profile')).status).toBe(401);
  });

  it("refuses a callback in another browser (login CSRF: the attacker's own code in the victim's browser)", async () => {
    const attacker = new TestClient(service.url);
    const back = await signInAtProvider(await startAt(attacker), googleEmail('attacker'));
    const victim = new TestClient(service.url);
    expect(await victim.navigate(callbackPath(back))).toMatchObject({ status: 302, location: '/login?oidcError=expired' });
    expect((await victim.get('/api/v1/profile')).status).toBe(401);
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const client = new TestClient(service.url);
    const authorizationUrl = new URL(await startAt(client));
    authorizationUrl.searchParams.set('nonce', 'a-nonce-the-shop-never-issued');
    const res = await client.navigate(callbackPath(await signInAtProvider(authorizationUrl.href, googleEmail())));
    expect(res).toMatchObject({ status: 302, location: '/login?oidcError=failed' });
    expect((await client.get('/api/v1/profile')).status).toBe(401);
  });

  it('lets a callback through once: a replayed callback or code is refused', async () => {
    const client = new TestClient(service.url);
    const back = callbackPath(await signInAtProvider(await startAt(client), googleEmail()));
    expect((await client.navigate(back)).status).toBe(302);
    expect((await client.get('/api/v1/profile')).status).toBe(200);
    // The same callback again (its state is used up and its cookie gone).
    const replay = new TestClient(service.url);
    expect(await replay.navigate(back)).toMatchObject({ status: 302, location: '/login?oidcError=expired' });
    // The used code with a fresh, valid state of this browser: the provider refuses the code.
    const fresh = new URL(await startAt(replay));
    const withOldCode = new URL(back, PUBLIC_URL);
    withOldCode.searchParams.set('state', fresh.searchParams.get('state')!);
    expect(await replay.navigate(withOldCode.pathname + withOldCode.search)).toMatchObject({ status: 302, location: '/login?oidcError=expired' });
    expect((await replay.get('/api/v1/profile')).status).toBe(401);
  });

  it('lands a cancelled consent on the login page', async () => {
    const client = new TestClient(service.url);
    const back = await signInAtProvider(await startAt(client), googleEmail(), { cancel: true });
    expect(new URL(back).searchParams.get('error')).toBe('access_denied');
    expect(await client.navigate(callbackPath(back))).toMatchObject({ status: 302, location: '/login?oidcError=denied' });
  });

  it('answers a callback without any parameters with the login page, never a 5xx', async () => {
    const client = new TestClient(service.url);
    for (const path of [OIDC_CALLBACK_PATH, `${OIDC_CALLBACK_PATH}?code=x&state=`, `${OIDC_CALLBACK_PATH}?error=server_error&state=x`, `${OIDC_CALLBACK_PATH}?state=a&state=b`]) {
      expect(await client.navigate(path)).toMatchObject({ status: 302, location: '/login?oidcError=expired' });
    }
  });

  it('sends the shopper back only to a path of this shop', async () => {
    for (const returnTo of ['https://evil.example/', '//evil.example/x', '/\\evil.example', '/login']) {
      const client = new TestClient(service.url);
      expect((await signInWithGoogle(client, googleEmail(), returnTo)).location).toBe('/');
    }
  });
});

describe('Google sign-in when it is not configured, or the provider is down', () => {
  it('shows no button and answers the start route with the login page', async () => {
    const service = await startAuthService();
    try {
      const client = new TestClient(service.url);
      expect((await client.get('/api/v1/auth/providers')).body).toEqual({ success: true, providers: [] });
      expect((await client.graphql('{ authProviders { id } }')).body).toEqual({ data: { authProviders: [] } });
      expect(await client.navigate(START)).toMatchObject({ status: 302, location: '/login?oidcError=disabled' });
      expect(await client.navigate(`${OIDC_CALLBACK_PATH}?code=x&state=y`)).toMatchObject({ status: 302, location: '/login?oidcError=disabled' });
    } finally {
      await service.close();
    }
  });

  it('starts while the provider is unreachable, says so on a click, and works once it is back', async () => {
    const port = await freePort();
    const credentials = { clientId: 'shop-late', clientSecret: 'late-provider-secret-123456' };
    const service = await startAuthService({
      publicUrl: PUBLIC_URL,
      oidc: { issuer: `http://127.0.0.1:${port}`, ...credentials },
      loginLimits: { failuresPerAddress: 3 },
    });
    let provider: TestOidcProvider | undefined;
    try {
      const client = new TestClient(service.url);
      expect((await client.get('/api/v1/auth/providers')).body.providers).toHaveLength(1);
      expect(await client.navigate(START)).toMatchObject({ status: 302, location: '/login?oidcError=unavailable' });
      expect(oidcErrorMessages.unavailable).toMatch(/not reachable/);

      provider = await startOidcProvider([REDIRECT_URI], { port, ...credentials });
      expect((await signInWithGoogle(client, googleEmail())).location).toBe('/');

      // Failed callbacks count as this address's failed logins (LOGIN_FAILURES_PER_ADDRESS, here 3).
      const prober = new TestClient(service.url);
      for (let i = 0; i < 3; i += 1) expect((await prober.navigate(`${OIDC_CALLBACK_PATH}?code=x&state=guess${i}`)).location).toBe('/login?oidcError=expired');
      expect(await prober.navigate(START)).toMatchObject({ status: 302, location: '/login?oidcError=throttled' });
      expect((await prober.post('/api/v1/login', { email: 'x@example.in', password: 'whatever1' })).status).toBe(429);
    } finally {
      await service.close();
      await provider?.stop();
    }
  });
});
