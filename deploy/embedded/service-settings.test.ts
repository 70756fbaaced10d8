import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { startEmbedded } from './main';

/**
 * The services' own settings reach them in embedded mode too (decision 0085): the shop reads each
 * service's settings object from its environment, as each service does in distributed mode.
 */
describe('service settings in embedded mode', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-settings-'));
  const mediaDir = join(dataDir, 'pictures');
  const admin = { email: 'owner@example.in', password: 'Owner-pass-2026' };
  let shop: Awaited<ReturnType<typeof startEmbedded>>;
  let cookie: string;
  let setCookies: string[];

  beforeAll(async () => {
    shop = await startEmbedded({
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: join(dataDir, 'no-web'),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ACCESS_TOKEN_TTL: '120',
      REFRESH_TOKEN_TTL_DAYS: '2',
      DEMO_CATALOG: 'false',
      LOW_STOCK_THRESHOLD: '7',
      PAYMENT_KEY_ID: 'rzp_live_settings_check',
      PAYMENT_KEY_SECRET: 'a-secret-of-the-real-provider',
      MEDIA_DIR: mediaDir,
      MEDIA_PUBLIC_BASE: 'https://cdn.example.in/media',
    });
    const login = await fetch(`${shop.url}/api/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
    expect(login.status).toBe(200);
    setCookies = login.headers.getSetCookie();
    cookie = setCookies.map((c) => c.split(';')[0]).join('; ');
  }, 180_000);

  afterAll(async () => {
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('auth: ACCESS_TOKEN_TTL and REFRESH_TOKEN_TTL_DAYS set how long the session cookies live', () => {
    expect(setCookies.find((c) => c.startsWith('access_token='))).toMatch(/Max-Age=120;/);
    expect(setCookies.find((c) => c.startsWith('refresh_token='))).toMatch(/Max-Age=172800;/);
  });

  it('catalog: DEMO_CATALOG=false leaves the catalog empty; LOW_STOCK_THRESHOLD is the low-stock list’s', async () => {
    const products = (await (await fetch(`${shop.url}/api/v1/products`)).json()) as { productCount: number };
    expect(products.productCount).toBe(0);
    const lowStock = (await (await fetch(`${shop.url}/api/v1/admin/products/low-stock`, { headers: { cookie } })).json()) as { threshold: number };
    expect(lowStock.threshold).toBe(7);
  });

  it("order: PAYMENT_KEY_ID and PAYMENT_KEY_SECRET make payment orders under the real provider's key", async () => {
    const res = await fetch(`${shop.url}/api/v1/createOrder`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 50_000, currency: 'INR' }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ keyId: 'rzp_live_settings_check', testMode: false });
  });

  it('media: MEDIA_DIR holds the uploaded pictures and MEDIA_PUBLIC_BASE prefixes their URLs', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'swatch.png');
    const res = await fetch(`${shop.url}/api/v1/upload`, { method: 'POST', headers: { cookie }, body: form });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id: string; secure_url: string };
    expect(body.secure_url).toBe(`https://cdn.example.in/media/${body.id}/detail.webp`);
    expect(existsSync(mediaDir) && readdirSync(mediaDir, { recursive: true }).some((f) => String(f).includes(body.id))).toBe(true);
  });

  it('refuses a bad service setting by name before starting anything', async () => {
    await expect(startEmbedded({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RESERVATION_TIMEOUT_SECONDS: 'soon' })).rejects.toThrow(/RESERVATION_TIMEOUT_SECONDS: /);
  });
});
