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
      await page.getByText('Registration successful').waitFor();
      // Signed up is signed in: straight to the shop, no second round of email and password.
      await page.waitForURL(`${shop.url}/`);
      await page.getByRole('button', { name: 'Account menu for Priya' }).waitFor();
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

      // PIN code first: the PIN directory fills in city, district and state (decisions 0066, 0100);
      // 400001's Elephanta Caves office is in Raigarh district, so both are offered.
      await page.getByLabel('PIN code').fill('400001');
      await page.getByText('Mumbai or Raigarh, Maharashtra').waitFor();
      expect(await page.getByLabel('District').inputValue()).toBe('Mumbai');
      expect(await page.getByLabel('State').inputValue()).toBe('Maharashtra');
      expect(await page.getByLabel('City').inputValue()).toBe('Mumbai');
      await page.getByLabel('Full name').fill('Priya Nair');
      await page.getByLabel('Address line 1').fill('Flat 4, Marine Drive');
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
      const providersAnswered = page.waitForResponse((res) => res.url().endsWith('/graphql') && (res.request().postData() ?? '').includes('authProviders'));
      await page.goto(`${shop.url}/login`);
      // This shop has no Google sign-in configured: once the page knows, it shows no such button.
      expect(await (await providersAnswered).json()).toEqual({ data: { authProviders: [] } });
      expect(await page.getByText('Continue with Google').count()).toBe(0);
      await page.getByLabel('Email').fill('priya@shop.test');
      await page.getByLabel('Password').fill('priya-pass-1');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByText('Something went wrong , please check your details again').waitFor();
      await page.getByLabel('Password').fill('priya-pass-2');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(`${shop.url}/`);
    });
  });

  test('sign-up refuses a common password and says why; a new email needs the current password and is confirmed from the new inbox', async () => {
    const page = await newPage();
    await screenshotOnFailure(page, 'email-change', async () => {
      await page.goto(`${shop.url}/signup`);
      await page.getByLabel('Name').fill('Kiran Rao');
      await page.getByLabel('Email').fill('kiran@shop.test');
      await page.getByLabel('Phone').fill('9876501299');
      await page.getByLabel('Password').fill('12345678');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByText(/one of the most commonly used/).first().waitFor();
      await page.getByLabel('Password').fill('kiran-pass-1');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByText('Registration successful').waitFor();
      await page.waitForURL(`${shop.url}/`);

      await page.goto(`${shop.url}/profile`);
      const editor = page.locator('section', { has: page.getByRole('heading', { name: 'Edit profile' }) });
      await editor.getByLabel('Email').fill('kiran.new@shop.test');
      await editor.getByLabel(/Current password/).fill('kiran-pass-1');
      await editor.getByRole('button', { name: 'Update Profile' }).click();
      await page.getByText(/Check your new inbox/).first().waitFor();
      // Until the link is opened, the account keeps its email.
      expect(await editor.getByLabel('Email').inputValue()).toBe('kiran@shop.test');
      await inbox.waitFor((m) => m.to.includes('kiran@shop.test') && /change of your email/i.test(m.raw));
      const mail = await inbox.waitFor((m) => m.to.includes('kiran.new@shop.test'));
      const token = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mailText(mail.raw))![1]!;
      await page.goto(`${shop.url}/confirm-email/${token}`);
      await page.getByText('Email changed successfully').waitFor();
      const profile = await page.request.get(`${shop.url}/api/v1/profile`);
      expect((await profile.json()).user.email).toBe('kiran.new@shop.test');
    });
  });

  test('a shopper signs up, sees "verify your email" on the profile, and verifies from the mail', async () => {
    const page = await newPage();
    await screenshotOnFailure(page, 'verify-email', async () => {
      await page.goto(`${shop.url}/signup`);
      await page.getByLabel('Name').fill('Meera Iyer');
      await page.getByLabel('Email').fill('meera@shop.test');
      await page.getByLabel('Phone').fill('9876501277');
      await page.getByLabel('Password').fill('meera-pass-1');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByText('Registration successful').waitFor();
      await page.waitForURL(`${shop.url}/`);

      await page.goto(`${shop.url}/profile`);
      await page.getByText('Verify your email.').waitFor();
      await page.getByText('We sent a link to meera@shop.test').waitFor();
      const isLink = (m: { to: string[]; raw: string }) => m.to.includes('meera@shop.test') && /verify-email\//.test(mailText(m.raw));
      const first = await inbox.waitFor(isLink);
      // "Resend" sends a new link; only the newest one works.
      await page.getByRole('button', { name: 'Resend verification email' }).click();
      await page.getByText('We sent a verification link to meera@shop.test. Open it to verify your email.').waitFor();
      const second = await inbox.waitFor((m) => isLink(m) && m !== first);
      const token = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(mailText(second.raw))![1]!;

      await page.goto(`${shop.url}/verify-email/${token}`);
      await page.getByText('Email verified successfully').waitFor();
      await page.getByRole('link', { name: 'Go to your profile' }).click();
      await page.waitForURL(`${shop.url}/profile`);
      await page.getByText(/^Email verified on/).waitFor();
      expect(await page.getByText('Verify your email.').count()).toBe(0);
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
      // Sign-up mailed a verification link first; the code is in the reset mail.
      const mail = await inbox.waitFor((m) => m.to.includes('arjun@shop.test') && /reset code/i.test(m.raw));
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
      await page.getByText('Login successful').waitFor();
    });
  });

  test('on a phone (390 px) an error toast sits at the top, over the header, and covers no field or button of the form', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await screenshotOnFailure(page, 'phone-toast', async () => {
      for (const [path, fill, submit] of [
        ['/login', async () => { await page.getByLabel('Email').fill('nobody@shop.test'); await page.getByLabel('Password').fill('wrong-pass-1'); }, 'Login'],
        ['/signup', async () => undefined, 'Sign Up'],
      ] as const) {
        await page.goto(`${shop.url}${path}`);
        await fill();
        await page.getByRole('button', { name: submit }).click();
        const toast = page.locator('.Toastify__toast').first();
        await toast.waitFor();
        const box = (await toast.boundingBox())!;
        // Above the fold, at the top of the screen, not at the bottom where the keyboard pushes the fields.
        expect(box.y).toBeLessThan(60);
        const fields = [...(await page.getByRole('textbox').all()), page.getByLabel('Password'), page.getByRole('button', { name: submit })];
        for (const field of fields) {
          const f = await field.boundingBox();
          if (!f) continue;
          const overlaps = box.x < f.x + f.width && f.x < box.x + box.width && box.y < f.y + f.height && f.y < box.y + box.height;
          expect({ field: await field.evaluate((el) => el.getAttribute('name') ?? el.textContent), overlaps }).toEqual({ field: expect.anything(), overlaps: false });
        }
      }
    });
    await context.close();
  });

  test('guarded routes send a visitor to login and back, and keep shoppers out of admin', async () => {
    const page = await newPage();
    await screenshotOnFailure(page, 'guards', async () => {
      // The cart is open to guests (decision 0063); checkout is not.
      await page.goto(`${shop.url}/checkout`);
      await page.waitForURL(`${shop.url}/login`);
      await page.getByRole('heading', { name: 'Login' }).waitFor();
      await page.getByLabel('Email').fill('arjun@shop.test');
      await page.getByLabel('Password').fill('arjun-pass-2');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(`${shop.url}/checkout`);
      await page.goto(`${shop.url}/admin`);
      await page.waitForURL(`${shop.url}/`);
      await page.goto(`${shop.url}/login`);
      await page.waitForURL(`${shop.url}/`);
    });
  });
  test('newsletter: sign up in the footer → confirm from the mail → unsubscribe from the welcome mail; staff see it', async () => {
    const page = await newPage();
    const email = 'reader@shop.test';
    const linkPath = (raw: string, kind: 'confirm' | 'unsubscribe') => new RegExp(`https?://[^/\\s]+(/newsletter/${kind}/[A-Za-z0-9_-]+)`).exec(mailText(raw))![1]!;
    await screenshotOnFailure(page, 'newsletter', async () => {
      await page.goto(`${shop.url}/`);
      await page.getByLabel('Newsletter e-mail').fill(email);
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await page.getByText('Check your inbox to confirm your subscription.').waitFor();

      const confirmation = await inbox.waitFor((m) => m.to.includes(email) && mailText(m.raw).includes('/newsletter/confirm/'));
      await page.goto(`${shop.url}${linkPath(confirmation.raw, 'confirm')}`);
      await page.getByRole('heading', { name: 'Subscription confirmed' }).waitFor();

      const welcome = await inbox.waitFor((m) => m.to.includes(email) && mailText(m.raw).includes('/newsletter/unsubscribe/'));
      const unsubscribe = linkPath(welcome.raw, 'unsubscribe');
      await page.goto(`${shop.url}${unsubscribe}`);
      await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
      await page.getByText('You have been unsubscribed from the ShopKart newsletter.').waitFor();
      await page.goto(`${shop.url}/newsletter/unsubscribe/not-a-real-link-at-all-000`);
      await page.getByRole('heading', { name: 'We could not unsubscribe you' }).waitFor();
      await page.getByText('This unsubscribe link is invalid.').waitFor();

      // Staff see the address and its status, and can export the list.
      await page.goto(`${shop.url}/login`);
      await page.getByLabel('Email').fill('admin@shop.test');
      await page.getByLabel('Password').fill('Admin#12345');
      await page.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL(`${shop.url}/`);
      await page.goto(`${shop.url}/admin`);
      await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Newsletter' }).click();
      await page.getByRole('heading', { name: 'Newsletter subscribers' }).waitFor();
      const row = page.getByRole('row').filter({ hasText: email });
      await row.getByText('Unsubscribed').waitFor();
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Export CSV' }).click();
      const csv = await (await download).path();
      expect(require('node:fs').readFileSync(csv, 'utf8')).toContain(`${email},unsubscribed,`);
    });
  });
});
