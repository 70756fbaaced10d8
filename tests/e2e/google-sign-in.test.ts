import type { Page } from 'playwright-core';
import { screenshotOnFailure, shopInBrowser } from '../support/browser';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider';
import { freePort } from '../support/processes';

const ADMIN = { email: 'admin@oidc.test', password: 'admin-pass-oidc' };

/**
 * "Continue with Google" in Chromium: the shop configured with a real OpenID Connect provider
 * running on this machine (standing in for Google), whose development login form takes any email.
 */
describe('Google sign-in in the browser', () => {
  let provider: TestOidcProvider;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    provider = await startOidcProvider([`http://localhost:${port}/api/v1/auth/oidc/callback`]);
  });
  afterAll(async () => {
    await provider?.stop();
  });

  // Runs after the beforeAll above (hooks run in the order they are declared).
  const e2e = shopInBrowser('oidc', ADMIN, { env: () => ({ PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, ...provider.env }) });

  /** At the provider: its login form, where the shopper names the Google account. */
  async function signInAtProvider(page: Page, login: string) {
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
  }

  test('a new shopper clicks "Continue with Google" on the way to checkout and lands there signed in', async () => {
    const { page } = e2e;
    await screenshotOnFailure(page, 'oidc-sign-in', async () => {
      // The cart is open to guests (decision 0063); checkout asks for a login.
      await page.goto(`${e2e.shop.url}/checkout`);
      await page.waitForURL(`${e2e.shop.url}/login`);
      await page.getByRole('link', { name: 'Continue with Google' }).click();

      await signInAtProvider(page, 'ananya.iyer@gmail.test');

      await page.waitForURL(`${e2e.shop.url}/checkout`);
      await page.goto(`${e2e.shop.url}/cart`);
      await page.getByText('Your cart is empty.').waitFor();
      await page.getByRole('navigation', { name: 'Your shopping' }).getByRole('link', { name: 'Orders' }).waitFor();
      await page.goto(`${e2e.shop.url}/profile`);
      await page.locator('dd', { hasText: 'ananya.iyer@gmail.test' }).waitFor();
      expect(await page.evaluate("localStorage.getItem('isAuthenticated')")).toBe('true');
      // The session is in httpOnly cookies, as after a password login: none readable by the page.
      expect(await page.evaluate('document.cookie')).toBe('');
      const cookies = await e2e.context.cookies(e2e.shop.url);
      expect(cookies.filter((c) => c.httpOnly).map((c) => c.name).sort()).toEqual(['access_token', 'refresh_token']);
    });
  });

  test('a Google account without a verified email lands back on the login page with the reason', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await screenshotOnFailure(page, 'oidc-unverified', async () => {
        await page.goto(`${e2e.shop.url}/signup`);
        await page.getByRole('link', { name: 'Continue with Google' }).click();
        await signInAtProvider(page, 'unverified:rohan@gmail.test');
        await page.waitForURL(`${e2e.shop.url}/login?oidcError=unverified`);
        await page.getByRole('alert').filter({ hasText: 'Your Google account has no verified email address' }).waitFor();
        await page.getByRole('link', { name: 'Login' }).waitFor();
        expect(await page.evaluate("localStorage.getItem('isAuthenticated')")).not.toBe('true');
      });
    } finally {
      await context.close();
    }
  });
});
