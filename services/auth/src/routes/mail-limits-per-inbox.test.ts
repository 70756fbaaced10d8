import { sql } from 'drizzle-orm';
import { registeredClient, startAuthService, TestClient, type AuthTestService } from '../testing/auth-test-service';

/**
 * Mail limits count per inbox as well as per address (decision 0099): the variants of one address
 * that land in one inbox (case, `+tag`, dots at gmail.com / googlemail.com) share its limit, while
 * every mail still goes to the address as it was written.
 */
let service: AuthTestService;
beforeAll(async () => {
  service = await startAuthService();
});
afterAll(async () => {
  await service?.close();
});

let counter = 0;
const unique = () => `${Date.now().toString(36)}${++counter}`;
const post = (path: string, body: unknown) => new TestClient(service.url).post(path, body);
const reply = (r: { status: number; body: unknown }) => ({ status: r.status, body: r.body });
const recipientsLike = async (pattern: string) =>
  (await service.rows<{ recipient: string }>(sql`select recipient from auth.mail_log where recipient like ${pattern} order by id`)).map((r) => r.recipient);

describe('one inbox, one limit', () => {
  test('the issue: after victim@ used up the newsletter limit, victim+1@ and Victim+2@ get no confirmation mail', async () => {
    const name = `victim.${unique()}`;
    for (let i = 0; i < 3; i += 1) expect((await post('/api/v1/newsletter', { email: `${name}@example.com` })).status).toBe(200);
    const tooMany = { status: 429, body: { success: false, message: 'Too many sign-ups for this address. Please try again later.' } };
    expect(reply(await post('/api/v1/newsletter', { email: `${name}+1@example.com` }))).toEqual(tooMany);
    expect(reply(await post('/api/v1/newsletter', { email: `${name.toUpperCase()}+2@example.com` }))).toEqual(tooMany);
    await service.accountMailHandled();
    expect(await recipientsLike(`${name}%`)).toEqual([`${name}@example.com`, `${name}@example.com`, `${name}@example.com`]);
  });

  test('tagged variants share the limit from the first mail on, and each mail goes to the address as written', async () => {
    const name = `reader.${unique()}`;
    const variants = [`${name}+a@example.com`, `${name}+b@example.com`, `${name}@example.com`];
    for (const email of variants) expect((await post('/api/v1/newsletter', { email })).status).toBe(200);
    expect((await post('/api/v1/newsletter', { email: `${name}+c@example.com` })).status).toBe(429);
    await service.accountMailHandled();
    expect((await recipientsLike(`${name}%`)).sort()).toEqual([...variants].sort());
  });

  test('at gmail.com dots and googlemail.com are the same inbox; elsewhere a dot makes another address', async () => {
    const a = `ravi${unique()}`;
    for (const email of [`${a}@gmail.com`, `r.${a.slice(1)}@gmail.com`, `${a.slice(0, 2)}.${a.slice(2)}@googlemail.com`]) {
      expect((await post('/api/v1/newsletter', { email })).status).toBe(200);
    }
    expect((await post('/api/v1/newsletter', { email: `R.A.${a.slice(2)}+x@GoogleMail.com` })).status).toBe(429);
    // At another provider the dots count: r.avi… is someone else.
    for (let i = 0; i < 3; i += 1) expect((await post('/api/v1/newsletter', { email: `${a}@example.in` })).status).toBe(200);
    expect((await post('/api/v1/newsletter', { email: `r.${a.slice(1)}@example.in` })).status).toBe(200);
    await service.accountMailHandled();
  });

  test('reset codes and reset links: 3 per inbox in 10 minutes, whichever variant is asked for', async () => {
    const { payload } = await registeredClient(service, { email: `owner.${unique()}@example.in` });
    const [local, domain] = payload.email.split('@') as [string, string];
    for (let i = 0; i < 3; i += 1) expect((await post('/api/v1/sendOTP', { email: `${local}+${i}@${domain}` })).status).toBe(200);
    expect(reply(await post('/api/v1/sendOTP', { email: payload.email }))).toEqual({
      status: 429,
      body: { success: false, message: 'Too many OTP requests. Please try again in a few minutes.' },
    });
    for (let i = 0; i < 3; i += 1) expect((await post('/api/v1/password/forgot', { email: `${local.toUpperCase()}+${i}@${domain}` })).status).toBe(200);
    expect((await post('/api/v1/password/forgot', { email: payload.email })).status).toBe(429);
    await service.accountMailHandled();
  });

  test('email changes: three accounts aiming at variants of one inbox send it 3 confirmations, the fourth is refused', async () => {
    const target = `stranger.${unique()}`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const { client, payload } = await registeredClient(service);
      const res = await client.put('/api/v1/profile/update', { name: 'Ravi', email: `${target}+${i}@example.com`, currentPassword: payload.password });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body).toEqual({ success: false, message: 'Too many mails to this address or from this account. Please try again in an hour.' });
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await recipientsLike(`${target}%`)).toEqual([0, 1, 2].map((i) => `${target}+${i}@example.com`));
  });
});
