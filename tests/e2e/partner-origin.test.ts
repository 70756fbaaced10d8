import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startEmbedded } from '../../deploy/embedded/main';
import { launchBrowser, screenshotOnFailure } from '../support/browser';

type Shop = Awaited<ReturnType<typeof startEmbedded>>;

/** The partner's page: a login form that signs in at the shop and shows the profile it gets back. */
const partnerPage = (shopUrl: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Partner</title></head>
<body>
  <form id="login">
    <label>Email <input name="email" type="email"></label>
    <label>Password <input name="password" type="password"></label>
    <button type="submit">Sign in at ShopKart</button>
  </form>
  <p role="status" id="out"></p>
  <script>
    const out = document.getElementById('out');
    document.getElementById('login').addEventListener('submit', async (e) => {
      e.preventDefault();
      const data = new FormData(e.target);
      try {
        const login = await fetch(${JSON.stringify(`${shopUrl}/api/v1/login`)}, {
          method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: data.get('email'), password: data.get('password') }),
        });
        if (!login.ok) { out.textContent = 'Login refused: ' + login.status; return; }
        const profile = await (await fetch(${JSON.stringify(`${shopUrl}/api/v1/profile`)}, { credentials: 'include' })).json();
        out.textContent = 'Signed in as ' + profile.user.name;
      } catch (err) {
        out.textContent = 'Blocked: ' + err.message;
      }
    });
  </script>
</body></html>`;

/**
 * A partner's page on a second origin signs a shopper in at the shop and reads the profile with
 * the session cookies, in real Chromium: allowed because the shop lists that origin in CORS_ORIGINS
 * (decision 0071); a page on an origin not listed is blocked by the browser.
 */
describe('a partner page on another origin', () => {
  let shop: Shop;
  let browser: Browser;
  const partners: Server[] = [];
  const origins: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-partner-'));

  beforeAll(async () => {
    // Two tiny partner sites; the shop's URL is known only once it listens, so the page asks for it late.
    let shopUrl = '';
    for (let i = 0; i < 2; i += 1) {
      const server = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(partnerPage(shopUrl));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      partners.push(server);
      // Same host name as the shop (another port): another origin on the same site, where the
      // session cookies (SameSite=Lax) go along.
      origins.push(`http://localhost:${(server.address() as AddressInfo).port}`);
    }
    shop = await startEmbedded({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', CORS_ORIGINS: origins[0] });
    shopUrl = shop.url;
    const signup = await fetch(`${shop.url}/api/v1/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Meera Partner', email: 'meera@partner.test', phone: '9876509876', password: 'Meera#Pass1' }),
    });
    expect(signup.status).toBe(201);
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    for (const server of partners) await new Promise((resolve) => server.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function signInFrom(origin: string, name: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await screenshotOnFailure(page, name, async () => {
      await page.goto(`${origin}/`);
      await page.getByLabel('Email').fill('meera@partner.test');
      await page.getByLabel('Password').fill('Meera#Pass1');
      await page.getByRole('button', { name: 'Sign in at ShopKart' }).click();
      await page.getByRole('status').filter({ hasText: /\S/ }).waitFor();
    });
    return page;
  }

  test('a listed origin signs in with credentials and reads the profile', async () => {
    const page = await signInFrom(origins[0]!, 'partner-listed');
    await expect(page.getByRole('status').textContent()).resolves.toBe('Signed in as Meera Partner');
    await page.context().close();
  });

  test('an origin not listed is blocked by the browser', async () => {
    const page = await signInFrom(origins[1]!, 'partner-unlisted');
    await expect(page.getByRole('status').textContent()).resolves.toMatch(/^Blocked: /);
    await page.context().close();
  });
});
