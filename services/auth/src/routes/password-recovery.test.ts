
import { sql } from 'drizzle-orm';
import { registeredClient, startAuthService, TestClient, type AuthTestService } from '../testing/auth-test-service';

let service: AuthTestService;
beforeAll(async () => {
  service = await startAuthService();
});
afterAll(async () => {
  await service?.close();
});

const client = () => new TestClient(service.url);

async function resetTokenFor(email: string): Promise<string> {
  const mail = await service.lastMailTo(email);
  const match = /http:\/\/shop\.test\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? '');
  if (!match) throw new Error(`no reset link mailed to ${email}`);
  return match[1];
}

async function otpFor(email: string): Promise<string> {
  const mail = await service.lastMailTo(email);
  const match = /code is (\d{6})/.exec(mail?.body ?? '');
  if (!match) throw new Error(`no OTP mailed to ${email}`);
  return match[1];
}

const NEW_PASSWORD = { password: 'Fresh#5678', confirmPassword: 'Fresh#5678' };

async function mailsTo(email: string, marker: string): Promise<number> {
  const [{ n }] = await service.rows<{ n: number }>(sql`select count(*)::int as n from auth.mail_log where recipient = ${email} and body like ${`%${marker}%`}`);
  return n;
}

/** Asks over `path` and waits for the mail, which is looked up and sent after the answer (decision 0044). */
async function askAndWaitForMail(path: string, email: string, marker: string) {
  const before = await mailsTo(email, marker);
  const res = await client().post(path, { email });
  for (let i = 0; i < 100 && (await mailsTo(email, marker)) === before; i += 1) await new Promise((r) => setTimeout(r, 50));
  return res;
}
const forgot = (email: string) => askAndWaitForMail('/api/v1/password/forgot', email, '/reset-password/');
const sendOtp = (email: string) => askAndWaitForMail('/api/v1/sendOTP', email, 'code is ');

describe('POST /api/v1/password/forgot and /reset/:token', () => {
  it('answers the same for an unknown email as for a known one', async () => {
    const { payload } = await registeredClient(service);
    const known = await forgot(payload.email);
    const unknown = await client().post('/api/v1/password/forgot', { email: `nobody.${payload.email}` });
    expect(unknown).toMatchObject({ status: known.status, body: known.body });
  });

  it('mails a link to the web app that resets the password', async () => {
    const { payload } = await registeredClient(service);
    await forgot(payload.email);
    const res = await client().post(`/api/v1/reset/${await resetTokenFor(payload.email)}`, NEW_PASSWORD);
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect((await client().post('/api/v1/login', { email: payload.email, password: NEW_PASSWORD.password })).status).toBe(200);
  });

  it('says the generic text after sending', async () => {
    const { payload } = await registeredClient(service);
    const res = await forgot(payload.email);
    expect(res.body).toEqual({ success: true, message: 'If an account exists for this email, a reset link has been sent.' });
  });

  it('a link works only once', async () => {
    const { payload } = await registeredClient(service);
    await forgot(payload.email);
    const token = await resetTokenFor(payload.email);
    await client().post(`/api/v1/reset/${token}`, NEW_PASSWORD);
    const again = await client().post(`/api/v1/reset/${token}`, NEW_PASSWORD);
    expect(again).toMatchObject({ status: 400, body: { message: 'Reset link is invalid or has expired' } });
  });

  it('an expired link is refused', async () => {
    const { payload, user } = await registeredClient(service);
    await forgot(payload.email);
    await service.rows(sql`update auth.password_reset_tokens set expires_at = now() - interval '1 minute' where user_id = ${user.id}`);
    const res = await client().post(`/api/v1/reset/${await resetTokenFor(payload.email)}`, NEW_PASSWORD);
    expect(res).toMatchObject({ status: 400, body: { message: 'Reset link is invalid or has expired' } });
  });

  it('a made-up token is refused', async () => {
    const res = await client().post(`/api/v1/reset/${'a'.repeat(43)}`, NEW_PASSWORD);
    expect(res).toMatchObject({ status: 400, body: { message: 'Reset link is invalid or has expired' } });
  });

  it('refuses passwords that do not match', async () => {
    const res = await client().post(`/api/v1/reset/${'a'.repeat(43)}`, { password: 'Fresh#5678', confirmPassword: 'Fresh#5679' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Password does not match' } });
  });

  it('ends every session of the account', async () => {
    const { client: c, payload } = await registeredClient(service);
    await forgot(payload.email);
    await client().post(`/api/v1/reset/${await resetTokenFor(payload.email)}`, NEW_PASSWORD);
    expect((await c.post('/api/v1/refresh-token')).status).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const { payload, user } = await registeredClient(service);
    await forgot(payload.email);
    const rows = await service.rows<{ token_hash: string }>(sql`select token_hash from auth.password_reset_tokens where user_id = ${user.id}`);
    expect(rows.map((r) => r.token_hash)).not.toContain(await resetTokenFor(payload.email));
  });
});

describe('POST /api/v1/sendOTP and /password/reset-otp', () => {
  it('answers the same for an unknown email as for a known one', async () => {
    const { payload } = await registeredClient(service);
    const known = await sendOtp(payload.email);
    const unknown = await client().post('/api/v1/sendOTP', { email: `nobody.${payload.email}` });
    expect([known.body, unknown.body]).toEqual([
      { success: true, message: 'If an account exists for this email, an OTP has been sent.' },
      { success: true, message: 'If an account exists for this email, an OTP has been sent.' },
    ]);
  });

  it('refuses a malformed email', async () => {
    const res = await client().post('/api/v1/sendOTP', { email: 'not-an-email' });
    expect(res).toMatchObject({ status: 400, body: { message: 'Please enter a valid email address' } });
  });

  it('the mailed code sets a new password', async () => {
    const { payload } = await registeredClient(service);
    await sendOtp(payload.email);
    const res = await client().post('/api/v1/password/reset-otp', { email: payload.email, otp: await otpFor(payload.email), ...NEW_PASSWORD });
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect((await client().post('/api/v1/login', { email: payload.email, password: NEW_PASSWORD.password })).status).toBe(200);
  });

  it('a code works only once', async () => {
    const { payload } = await registeredClient(service);
    await sendOtp(payload.email);
    const otp = await otpFor(payload.email);
    await client().post('/api/v1/password/reset-otp', { email: payload.email, otp, ...NEW_PASSWORD });
    const again = await client().post('/api/v1/password/reset-otp', { email: payload.email, otp, ...NEW_PASSWORD });
    expect(again).toMatchObject({ status: 400, body: { message: 'Invalid or expired OTP' } });
  });

  it('a wrong code is refused', async () => {
    const { payload } = await registeredClient(service);
    await sendOtp(payload.email);
    const otp = await otpFor(payload.email);
    const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
    const res = await client().post('/api/v1/password/reset-otp', { email: payload.email, otp: wrong, ...NEW_PASSWORD });
    expect(res).toMatchObject({ status: 400, body: { message: 'Invalid or expired OTP' } });
  });

  it('an expired code is refused and the password stays as it was', async () => {
    const { payload, user } = await registeredClient(service);
    await sendOtp(payload.email);
    const expired = await service.rows(sql`update auth.otp_codes set expires_at = now() - interval '1 second' where user_id = ${user.id} returning user_id`);
    // The code really is past its time: without this the refusal below could be for any reason.
    expect(expired).toHaveLength(1);
    const res = await client().post('/api/v1/password/reset-otp', { email: payload.email, otp: await otpFor(payload.email), ...NEW_PASSWORD });
    expect(res).toMatchObject({ status: 400, body: { message: 'Invalid or expired OTP' } });
    // What the account holder sees: the new password does not log in, the old one still does.
    expect((await client().post('/api/v1/login', { email: payload.email, password: NEW_PASSWORD.password })).status).toBe(401);
    expect((await client().post('/api/v1/login', { email: payload.email, password: payload.password })).status).toBe(200);
  });

  it('after 5 wrong tries even the right code is refused', async () => {
    const { payload } = await registeredClient(service);
    await sendOtp(payload.email);
    const otp = await otpFor(payload.email);
    const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
    const c = client();
    for (let i = 0; i < 5; i += 1) await c.post('/api/v1/password/reset-otp', { email: payload.email, otp: wrong, ...NEW_PASSWORD });
    const res = await c.post('/api/v1/password/reset-otp', { email: payload.email, otp, ...NEW_PASSWORD });
    expect(res).toMatchObject({ status: 400, body: { message: 'Too many wrong attempts. Request a new OTP.' } });
  });

  it('a new code replaces the old one', async () => {
    const { payload } = await registeredClient(service);
    await sendOtp(payload.email);
    const first = await otpFor(payload.email);
    await sendOtp(payload.email);
    const second = await otpFor(payload.email);
    const res = await client().post('/api/v1/password/reset-otp', { email: payload.email, otp: first, ...NEW_PASSWORD });
    // Two random codes are equal once in a million; then the old one still "works" as the new one.
    expect(res.status).toBe(first === second ? 200 : 400);
  });

  it('ends every session of the account', async () => {
    const { client: c, payload } = await registeredClient(service);
    await sendOtp(payload.email);
    await client().post('/api/v1/password/reset-otp', { email: payload.email, otp: await otpFor(payload.email), ...NEW_PASSWORD });
    expect((await c.post('/api/v1/refresh-token')).status).toBe(401);
  });

  it('limits codes to 3 per 10 minutes for one email', async () => {
    const { payload } = await registeredClient(service);
    for (let i = 0; i < 3; i += 1) await client().post('/api/v1/sendOTP', { email: payload.email });
    const res = await client().post('/api/v1/sendOTP', { email: payload.email });
    expect(res).toMatchObject({ status: 429, body: { success: false, message: 'Too many OTP requests. Please try again in a few minutes.' } });
  });

  it('limits codes to 10 per 10 minutes from one address', async () => {
    const c = client();
    for (let i = 0; i < 10; i += 1) await c.post('/api/v1/sendOTP', { email: `someone${i}@example.in` });
    const res = await c.post('/api/v1/sendOTP', { email: 'someone-else@example.in' });
    expect(res.status).toBe(429);
  });

  it('stores the code only as a keyed hash', async () => {
    const { payload, user } = await registeredClient(service);
    await sendOtp(payload.email);
    const [row] = await service.rows<{ code_hash: string }>(sql`select code_hash from auth.otp_codes where user_id = ${user.id}`);
    expect(row.code_hash).not.toContain(await otpFor(payload.email));
  });

  it('answers at once even while the mail cannot be recorded; the code follows once it can', async () => {
    const { payload } = await registeredClient(service);
    // The outbox mailer writes to mail_log; without the table the mail fails like a mail server outage.
    await service.rows(sql`alter table auth.mail_log rename to mail_log_away`);
    let res;
    try {
      res = await client().post('/api/v1/sendOTP', { email: payload.email });
    } finally {
      await service.rows(sql`alter table auth.mail_log_away rename to mail_log`);
    }
    expect(res).toMatchObject({ status: 200, body: { message: 'If an account exists for this email, an OTP has been sent.' } });
    for (let i = 0; i < 200 && (await mailsTo(payload.email, 'code is ')) === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(await otpFor(payload.email)).toMatch(/^\d{6}$/);
  });
});
