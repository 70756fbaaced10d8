import { sql } from 'drizzle-orm';
import { adminClient, registeredClient, startAuthService, TestClient, type AuthTestService } from '../testing/auth-test-service';

let service: AuthTestService;
let admin: TestClient;

beforeAll(async () => {
  service = await startAuthService();
  ({ client: admin } = await adminClient(service));
});
afterAll(async () => {
  await service?.close();
});

let counter = 0;
const newAddress = () => `reader.${Date.now().toString(36)}${++counter}@example.in`;
/** What a caller sees: status and body (the test client also keeps cookies). */
const reply = (r: { status: number; body: unknown }) => ({ status: r.status, body: r.body });
const CHECK_INBOX = { success: true, message: 'Check your inbox to confirm your subscription.' };

const statusOf = async (email: string) =>
  (await service.rows<{ status: string }>(sql`select status from auth.newsletter_subscribers where email = ${email}`))[0]?.status;
const mailCount = async (email: string) =>
  (await service.rows<{ n: number }>(sql`select count(*)::int as n from auth.mail_log where recipient = ${email}`))[0]!.n;

/** The path of the web page a mail's link opens (`/newsletter/confirm/…` or `/newsletter/unsubscribe/…`). */
async function linkIn(email: string, kind: 'confirm' | 'unsubscribe'): Promise<string> {
  const mail = await service.lastMailTo(email);
  const match = mail?.body.match(new RegExp(`http://shop\\.test(/newsletter/${kind}/[A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${kind} link in ${JSON.stringify(mail)}`);
  return match[1]!;
}

async function staffClient(role: 'emp' | 'user') {
  const { client, user, payload } = await registeredClient(service);
  if (role === 'emp') {
    await admin.put(`/api/v1/admin/user/${user.id}`, { role: 'emp' });
    await client.post('/api/v1/login', { email: payload.email, password: payload.password });
  }
  return client;
}

describe('newsletter sign-up (double opt-in)', () => {
  test('a sign-up stays pending and mails a confirmation link; the link confirms and the welcome mail carries an unsubscribe link that works without login', async () => {
    const visitor = new TestClient(service.url);
    const email = newAddress();
    expect(reply(await visitor.post('/api/v1/newsletter', { email: `  ${email.toUpperCase()} ` }))).toEqual({ status: 200, body: CHECK_INBOX });
    await service.accountMailHandled();
    expect(await statusOf(email)).toBe('pending');
    const mail = await service.lastMailTo(email);
    expect(mail?.subject).toBe('ShopKart: confirm your newsletter subscription');

    const confirm = await linkIn(email, 'confirm');
    const token = confirm.split('/').pop()!;
    const confirmed = await new TestClient(service.url).get(`/api/v1/newsletter/confirm/${token}`);
    expect(reply(confirmed)).toEqual({ status: 200, body: { success: true, message: 'Your subscription is confirmed. Thank you for joining the ShopKart newsletter!' } });
    expect(await statusOf(email)).toBe('confirmed');
    // Opening the link again says the same and sends nothing more.
    const mailsAfterConfirm = await mailCount(email);
    expect((await visitor.get(`/api/v1/newsletter/confirm/${token}`)).status).toBe(200);
    expect(await mailCount(email)).toBe(mailsAfterConfirm);

    const welcome = await service.lastMailTo(email);
    expect(welcome?.subject).toBe('ShopKart: welcome to our newsletter');
    const unsubscribeToken = (await linkIn(email, 'unsubscribe')).split('/').pop()!;
    const done = await new TestClient(service.url).get(`/api/v1/newsletter/unsubscribe/${unsubscribeToken}`);
    expect(reply(done)).toEqual({ status: 200, body: { success: true, message: 'You have been unsubscribed from the ShopKart newsletter.' } });
    expect(await statusOf(email)).toBe('unsubscribed');
    expect((await visitor.get(`/api/v1/newsletter/unsubscribe/${unsubscribeToken}`)).status).toBe(200);
    // The old confirmation link cannot bring the subscription back.
    expect((await visitor.get(`/api/v1/newsletter/confirm/${token}`)).status).toBe(400);
    expect(await statusOf(email)).toBe('unsubscribed');
  });

  test('the answer is the same whether or not the address is subscribed; a confirmed address gets no more mail', async () => {
    const email = newAddress();
    const client = new TestClient(service.url);
    expect(reply(await client.post('/api/v1/newsletter', { email }))).toEqual({ status: 200, body: CHECK_INBOX });
    await service.accountMailHandled();
    const firstLink = await linkIn(email, 'confirm');
    // A second sign-up while pending: a new link, and the old one stops working.
    expect(reply(await client.post('/api/v1/newsletter', { email }))).toEqual({ status: 200, body: CHECK_INBOX });
    await service.accountMailHandled();
    const secondLink = await linkIn(email, 'confirm');
    expect(secondLink).not.toBe(firstLink);
    expect((await client.get(`/api/v1${firstLink}`)).status).toBe(400);
    expect((await client.get(`/api/v1${secondLink}`)).status).toBe(200);

    const mails = await mailCount(email);
    expect(reply(await new TestClient(service.url).post('/api/v1/newsletter', { email }))).toEqual({ status: 200, body: CHECK_INBOX });
    await service.accountMailHandled();
    expect(await mailCount(email)).toBe(mails);
    expect(await statusOf(email)).toBe('confirmed');
  });

  test('an unsubscribed address signs up again through a new confirmation', async () => {
    const email = newAddress();
    const client = new TestClient(service.url);
    await client.post('/api/v1/newsletter', { email });
    await service.accountMailHandled();
    await client.get(`/api/v1${await linkIn(email, 'confirm')}`);
    await client.get(`/api/v1${await linkIn(email, 'unsubscribe')}`);
    expect(await statusOf(email)).toBe('unsubscribed');
    expect(reply(await client.post('/api/v1/newsletter', { email }))).toEqual({ status: 200, body: CHECK_INBOX });
    await service.accountMailHandled();
    expect(await statusOf(email)).toBe('pending');
    await client.get(`/api/v1${await linkIn(email, 'confirm')}`);
    expect(await statusOf(email)).toBe('confirmed');
  });

  test('refusals: a bad address, an unknown, malformed or expired link are 400 with a message, nothing changes', async () => {
    const client = new TestClient(service.url);
    expect(reply(await client.post('/api/v1/newsletter', { email: 'not-an-address' }))).toEqual({ status: 400, body: { success: false, message: expect.any(String) } });
    await service.accountMailHandled();
    expect((await client.post('/api/v1/newsletter', {})).status).toBe(400);
    await service.accountMailHandled();
    expect((await client.post('/api/v1/newsletter', { email: ['a@b.in'] })).status).toBe(400);
    await service.accountMailHandled();
    const invalidConfirm = { status: 400, body: { success: false, message: 'This confirmation link is invalid or has expired. Please sign up again.' } };
    expect(reply(await client.get(`/api/v1/newsletter/confirm/${'x'.repeat(43)}`))).toEqual(invalidConfirm);
    expect(reply(await client.get('/api/v1/newsletter/confirm/%27%3B--'))).toEqual(invalidConfirm);
    expect(reply(await client.get(`/api/v1/newsletter/unsubscribe/${'y'.repeat(43)}`))).toEqual({ status: 400, body: { success: false, message: 'This unsubscribe link is invalid.' } });

    const email = newAddress();
    await client.post('/api/v1/newsletter', { email });
    await service.accountMailHandled();
    const link = await linkIn(email, 'confirm');
    await service.rows(sql`update auth.newsletter_subscribers set confirm_expires_at = now() - interval '1 minute' where email = ${email}`);
    expect(reply(await client.get(`/api/v1${link}`))).toEqual(invalidConfirm);
    expect(await statusOf(email)).toBe('pending');
  });

  test('sign-ups are limited per address (whoever sends them) with a 429 and a message', async () => {
    const email = newAddress();
    for (let i = 0; i < 3; i += 1) expect((await new TestClient(service.url).post('/api/v1/newsletter', { email })).status).toBe(200);
    await service.accountMailHandled();
    expect(reply(await new TestClient(service.url).post('/api/v1/newsletter', { email }))).toEqual({ status: 429,
      body: { success: false, message: 'Too many sign-ups for this address. Please try again later.' },
    });
    expect(await mailCount(email)).toBe(3);
    expect((await new TestClient(service.url).post('/api/v1/newsletter', { email: newAddress() })).status).toBe(200);
    await service.accountMailHandled();
  });
});

describe('staff see and export subscribers', () => {
  test('admins list them newest first with a status filter; emps and users get 403, visitors 401; bad filters are 400', async () => {
    const pending = newAddress();
    const confirmed = newAddress();
    const visitor = new TestClient(service.url);
    await visitor.post('/api/v1/newsletter', { email: confirmed });
    await service.accountMailHandled();
    await visitor.get(`/api/v1${await linkIn(confirmed, 'confirm')}`);
    await visitor.post('/api/v1/newsletter', { email: pending });
    await service.accountMailHandled();

    const all = await admin.get('/api/v1/admin/newsletter');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ success: true, currentPage: 1, total: expect.any(Number), totalPages: expect.any(Number) });
    const emails = all.body.subscribers.map((s: { email: string }) => s.email);
    expect(emails.indexOf(pending)).toBeLessThan(emails.indexOf(confirmed));
    expect(JSON.stringify(all.body)).not.toMatch(/token/i);
    // An emp handles orders and returns, never the addresses of people on the list.
    const emp = await staffClient('emp');
    for (const path of ['/api/v1/admin/newsletter', '/api/v1/admin/newsletter?status=confirmed', '/api/v1/admin/newsletter/export']) {
      const refused = await emp.get(path);
      expect(refused.status).toBe(403);
      expect(JSON.stringify(refused.body)).not.toContain(confirmed);
    }
    const onlyConfirmed = await admin.get('/api/v1/admin/newsletter?status=confirmed');
    expect(onlyConfirmed.body.subscribers.every((s: { status: string }) => s.status === 'confirmed')).toBe(true);
    expect(onlyConfirmed.body.subscribers).toContainEqual({
      email: confirmed,
      status: 'confirmed',
      subscribedAt: expect.any(String),
      confirmedAt: expect.any(String),
      unsubscribedAt: null,
    });

    expect((await (await staffClient('user')).get('/api/v1/admin/newsletter')).status).toBe(403);
    expect((await new TestClient(service.url).get('/api/v1/admin/newsletter')).status).toBe(401);
    expect((await new TestClient(service.url).get('/api/v1/admin/newsletter/export')).status).toBe(401);
    expect(reply(await admin.get('/api/v1/admin/newsletter?status=gone'))).toEqual({ status: 400, body: { success: false, message: 'Status must be pending, confirmed or unsubscribed' } });
    expect((await admin.get('/api/v1/admin/newsletter?page=0')).status).toBe(400);
  });

  test('the CSV export has a header and one row per subscriber of the status', async () => {
    const email = newAddress();
    const visitor = new TestClient(service.url);
    await visitor.post('/api/v1/newsletter', { email });
    await service.accountMailHandled();
    await visitor.get(`/api/v1${await linkIn(email, 'confirm')}`);
    const res = await admin.get('/api/v1/admin/newsletter/export?status=confirmed');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('newsletter-subscribers-confirmed.csv');
    const lines = String(res.body).trim().split('\r\n');
    expect(lines[0]).toBe('email,status,subscribed_at,confirmed_at,unsubscribed_at');
    expect(lines.find((l) => l.startsWith(`${email},`))).toMatch(new RegExp(`^${email.replace(/\./g, '\\.')},confirmed,\\d{4}-.+Z,\\d{4}-.+Z,$`));
    expect(lines.slice(1).every((l) => l.split(',')[1] === 'confirmed')).toBe(true);
    expect((await (await staffClient('user')).get('/api/v1/admin/newsletter/export')).status).toBe(403);
  });
});

describe('the same over GraphQL', () => {
  test('subscribe, confirm and unsubscribe mutations; staff query; refusals as GraphQL errors with codes', async () => {
    const email = newAddress();
    const visitor = new TestClient(service.url);
    const subscribed = await visitor.graphql('mutation($e: String!) { subscribeNewsletter(email: $e) { success message } }', { e: email });
    await service.accountMailHandled();
    expect(subscribed.body.data.subscribeNewsletter).toEqual(CHECK_INBOX);
    const token = (await linkIn(email, 'confirm')).split('/').pop();
    const confirmed = await visitor.graphql('mutation($t: String!) { confirmNewsletter(token: $t) { success message } }', { t: token });
    expect(confirmed.body.data.confirmNewsletter.success).toBe(true);
    const unsubscribeToken = (await linkIn(email, 'unsubscribe')).split('/').pop();
    const left = await visitor.graphql('mutation($t: String!) { unsubscribeNewsletter(token: $t) { success message } }', { t: unsubscribeToken });
    expect(left.body.data.unsubscribeNewsletter.success).toBe(true);
    expect(await statusOf(email)).toBe('unsubscribed');

    const bad = await visitor.graphql('mutation { confirmNewsletter(token: "nope") { success } }');
    expect(bad.body.errors?.[0]).toMatchObject({ message: 'This confirmation link is invalid or has expired. Please sign up again.', extensions: { code: 'BAD_USER_INPUT' } });

    const LIST = 'query($s: NewsletterStatus) { newsletterSubscribers(status: $s, page: 1) { subscribers { email status unsubscribedAt } total totalPages currentPage } }';
    const staffView = await admin.graphql(LIST, { s: 'unsubscribed' });
    expect(staffView.body.data.newsletterSubscribers.subscribers).toContainEqual({ email, status: 'unsubscribed', unsubscribedAt: expect.any(String) });
    for (const role of ['emp', 'user'] as const) {
      const refused = await (await staffClient(role)).graphql(LIST, {});
      expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(JSON.stringify(refused.body)).not.toContain(email);
    }
    const anonymous = await new TestClient(service.url).graphql(LIST, {});
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
