import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startEmbedded } from '../../deploy/embedded/main';
import { launchBrowser, screenshotOnFailure } from '../support/browser';
import { mailText, startSmtpInbox } from '../support/smtp-inbox';

type Shop = Awaited<ReturnType<typeof startEmbedded>>;

/** Account journeys in Chromium against the embedded shop, mail through a real SMTP server. */
describe('account journeys in the browser', () => {
  let shop: Shop;
  let browser: Browser;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    shop = await startEmbedded({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SMTP_URL: inbox.url, ADMIN_EMAIL: 'admin@shop.test', ADMIN_PASSWORD: 'Admin#12345' });
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await inbox?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    return context.newPage();
  }

  test('a shopper signs up, logs in, adds a phone and an address, changes the password and logs out', async () => {
    const page = await newPage();
    await screenshotOnFailure(page, 'account-journey', async () => {
      await page.goto(`${shop.url}/signup`);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByText('Please fill all the field properly').waitFor();

      await page.getByLabel('Name').fill('Priya Sharma');
      await page.getByLabel('Email').fill('priya@shop.test');
      await page.getByLabel('Phone').fill('9876501234');
      await page.getByLabel('Password').fill('priya-pass-1');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByText('Registration SuccessFul').waitFor();
      await page.waitForURL(`${shop.url}/login`);
      await page.getByRole('heading', { name: 'Login' }).waitFor();

      await page.getByLabel('Email').fill('priya@shop.test');
      await page.getByLabel('Password').fill('priya-pass-1');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByText('login successfull').waitFor();
      await page.waitForURL(`${shop.url}/`);
      expect(await page.evaluate("localStorage.getItem('isAuthenticated')")).toBe('true');
      expect(await page.evaluate('Object.keys(localStorage)')).not.toContain('refreshToken');

      await page.goto(`${shop.url}/profile`);
      await page.getByRole('heading', { name: 'Priya Sharma' }).waitFor();
      await page.getByLabel('Phone number').fill('   ');
      await page.getByRole('button', { name: 'Add Phone' }).click();
      await page.getByText('Phone number cannot be empty!').waitFor();
      await page.getByLabel('Phone number').fill('91234 56789');
      await page.getByRole('button', { name: 'Add Phone' }).click();
      await page.getByText('Phone number added successfully!').waitFor();
      // The first phone is the primary one; the second shows after See All.
      await expect(page.getByText('9123456789').count()).resolves.toBe(0);
      await page.getByRole('button', { name: 'See All' }).click();
      await page.getByText('9123456789').first().waitFor();
      await page.getByRole('button', { name: 'Show Less' }).click();

      await page.getByLabel('PIN code').fill('400001');
      await page.getByLabel('Address').fill('Flat 4, Marine Drive');
      await page.getByLabel('City').fill('Mumbai');
      await page.getByRole('button', { name: 'Add Address' }).click();
      await page.getByText('Address added successfully!').waitFor();
      await page.getByText('Flat 4, Marine Drive').first().waitFor();

      await page.getByLabel('Old Password').fill('priya-pass-1');
      await page.getByLabel('New Password').fill('priya-pass-2');
      await page.getByLabel('Confirm Password').fill('priya-pass-2');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await page.getByText(/password (updated|changed)/i).first().waitFor();

      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByText('Logged out successfully').waitFor();
      expect(await page.evaluate("localStorage.getItem('user')")).toBeNull();

      // The old password no longer works; the new one does.
      await page.goto(`${shop.url}/login`);
      await page.getByLabel('Email').fill('priya@shop.test');
      await page.getByLabel('Password').fill('priya-pass-1');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByText('Something went wrong , please check your details again').waitFor();
      await page.getByLabel('Password').fill('priya-pass-2');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(`${shop.url}/`);
    });
  });

  test('a visitor resets a forgotten password with the code from the mail', async () => {
    const setup = await newPage();
    await setup.request.post(`${shop.url}/api/v1/register`, { data: { name: 'Arjun', email: 'arjun@shop.test', phone: '9811122233', password: 'arjun-pass-1' } });
    const page = await newPage();
    await screenshotOnFailure(page, 'forgot-password', async () => {
      await page.goto(`${shop.url}/login`);
      await page.getByRole('link', { name: /forgot password/i }).click();
      await page.waitForURL(`${shop.url}/reset-password`);
      await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
      await page.getByLabel('Email').fill('arjun@shop.test');
      await page.getByRole('button', { name: 'Send OTP' }).click();
      const mail = await inbox.waitFor((m) => m.to.includes('arjun@shop.test'));
      const code = /\b(\d{6})\b/.exec(mailText(mail.raw))![1]!;

      await page.getByLabel('OTP').fill(code);
      await page.getByLabel('New Password').fill('arjun-pass-2');
      await page.getByLabel('Confirm Password').fill('arjun-pass-2');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.waitForURL(`${shop.url}/login`);
      await page.getByRole('heading', { name: 'Login' }).waitFor();

      await page.getByLabel('Email').fill('arjun@shop.test');
      await page.getByLabel('Password').fill('arjun-pass-2');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByText('login successfull').waitFor();
    });
  });

  test('guarded routes send a visitor to login and back, and keep shoppers out of admin', async () => {
    const page = await newPage();
    await screenshotOnFailure(page, 'guards', async () => {
      await page.goto(`${shop.url}/cart`);
      await page.waitForURL(`${shop.url}/login`);
      await page.getByRole('heading', { name: 'Login' }).waitFor();
      await page.getByLabel('Email').fill('arjun@shop.test');
      await page.getByLabel('Password').fill('arjun-pass-2');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(`${shop.url}/cart`);
      await page.goto(`${shop.url}/admin`);
      await page.waitForURL(`${shop.url}/`);
      await page.goto(`${shop.url}/login`);
      await page.waitForURL(`${shop.url}/`);
    });
  });
});
