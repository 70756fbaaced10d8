import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type APIRequestContext, type Browser, type BrowserContext, type Page, type Request, type Response } from 'playwright-core';
import { startEmbedded } from '../../deploy/embedded/main';

export type EmbeddedShop = Awaited<ReturnType<typeof startEmbedded>>;

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/**
 * Saves a screenshot under tests/e2e/artifacts when a journey fails (for a person to look at), and
 * adds to the failure what the page showed then: its address, its toasts and alerts, and the
 * answers to its API calls that were not 2xx or carried GraphQL errors (the screenshot is gone
 * with a CI clone; the failure's text is what a reader of the CI log has).
 */
export async function screenshotOnFailure(page: Page, name: string, fn: () => Promise<void>) {
  const refused: string[] = [];
  const onResponse = async (response: Response) => {
    if (!/\/graphql|\/api\/v1\//.test(response.url())) return;
    const operation = /"operationName":"(\w+)"/.exec(response.request().postData() ?? '')?.[1] ?? `${response.request().method()} ${new URL(response.url()).pathname}`;
    const body = await response.text().catch(() => '');
    if (response.status() >= 300 || body.includes('"errors"')) refused.push(`${operation} → ${response.status()} ${body.slice(0, 300)}`);
  };
  const onFailed = (request: Request) => refused.push(`${request.method()} ${request.url()} → failed: ${request.failure()?.errorText}`);
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  try {
    await fn();
  } catch (err) {
    await page.screenshot({ path: `${__dirname}/../e2e/artifacts/${name}.png`, fullPage: true }).catch(() => undefined);
    const shown = await page
      .locator('.Toastify__toast, [role="alert"]')
      .allInnerTexts()
      .catch(() => []);
    if (err instanceof Error) {
      const context = `\n\nThe page at the failure: ${page.url()}\n  shown: ${JSON.stringify(shown)}\n  API answers refused or failed: ${refused.length ? `\n    ${refused.join('\n    ')}` : 'none'}`;
      const message = err.message;
      err.message += context;
      // Jest prints the stack, which holds the message as it was when the error was made.
      if (err.stack?.includes(message)) err.stack = err.stack.replace(message, err.message);
    }
    throw err;
  } finally {
    page.off('response', onResponse);
    page.off('requestfailed', onFailed);
  }
}

/** When SCREENSHOT_DIR is set, a picture of the whole page there (for a person to look at). */
export async function snap(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** The server cart as the page mirrors it in local storage: [product, quantity, size, colour] per line, sorted. */
export async function cartMirror(page: Page) {
  return (JSON.parse(String(await page.evaluate("localStorage.getItem('cartItems')"))) as Array<{ id: string; quantity: number; properties: { size: string | null; color: string | null } }>)
    .map((i) => [i.id, i.quantity, i.properties.size, i.properties.color] as const)
    .sort();
}

/**
 * A new page of `context` that dismisses every browser dialog and records its message: the shop
 * asks in its own dialogs (decision 0024), so a journey expects `dialogs` to stay empty.
 */
export async function pageRecordingDialogs(context: BrowserContext): Promise<{ page: Page; dialogs: string[] }> {
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { page, dialogs };
}

/**
 * Answers the shop's own dialog (decision 0024): waits until it asks exactly `question`, clicks the
 * button named `answer`, and waits for the dialog to close.
 */
export async function answerDialog(page: Page, question: string | RegExp, answer: string): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(question, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: answer, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Answers the staff console's shipping dialog of order `number` with a courier and tracking number. */
export async function shipWith(page: Page, number: string, courier: string, trackingNumber: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: `Ship order ${number}` });
  await dialog.getByLabel('Courier').selectOption({ label: courier });
  await dialog.getByLabel('Tracking number').fill(trackingNumber);
  await dialog.getByRole('button', { name: 'Ship order' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** What a browser journey works with; set once the describe block's beforeAll has run. */
export interface ShopInBrowser {
  shop: EmbeddedShop;
  browser: Browser;
  context: BrowserContext;
  /** A 1280×900 page that dismisses every browser dialog (the shop asks in its own, decision 0024). */
  page: Page;
  /** The messages of the browser dialogs the page showed, in order: a journey expects none. */
  dialogs: string[];
}

/**
 * For the describe block it is called in: the embedded shop on a fresh data folder
 * (`shop-e2e-<name>-…` under the temp folder) with `admin` as its admin, Chromium, and one page,
 * started before all its tests (`beforeStart` first fills the data folder, e.g. a catalog the shop
 * then opens; `env`, read then, adds or overrides settings of the shop); afterwards `beforeClose`
 * runs, then Chromium and the shop stop and the data folder goes.
 */
export function shopInBrowser(
  name: string,
  admin: { email: string; password: string },
  options: { beforeStart?: (dataDir: string) => Promise<void>; beforeClose?: () => Promise<void>; env?: () => Record<string, string> } = {},
): ShopInBrowser {
  const dataDir = mkdtempSync(join(tmpdir(), `shop-e2e-${name}-`));
  const session = { dialogs: [] as string[] } as ShopInBrowser;

  beforeAll(async () => {
    await options.beforeStart?.(dataDir);
    session.shop = await startEmbedded({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ...options.env?.() });
    session.browser = await launchBrowser();
    session.context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    session.page = await session.context.newPage();
    session.page.on('dialog', (dialog) => {
      session.dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  }, 180_000);

  afterAll(async () => {
    await options.beforeClose?.();
    await session.browser?.close();
    await session.shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  return session;
}

/** Logs `account` in on the shop's login page and waits for the home page it lands on. */
export async function logIn(page: Page, shopUrl: string, account: { email: string; password: string }): Promise<void> {
  await page.goto(`${shopUrl}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * Signs `account` up over REST in a 1280×900 browser context of its own (its cookies are its
 * session); the context is added to `contexts` for the journey to close.
 */
export async function signedUpContext(e2e: ShopInBrowser, contexts: BrowserContext[], account: { name: string; email: string; phone: string; password: string }): Promise<BrowserContext> {
  const own = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(own);
  expect((await own.request.post(`${e2e.shop.url}/api/v1/register`, { data: account })).status()).toBeLessThan(300);
  return own;
}

/**
 * Opens the verification link of a mail (decision 0042) in `request`'s session, as the owner does:
 * its new access token says the email is verified, so the account's orders are mailed.
 */
export async function verifyEmailOverRest(e2e: ShopInBrowser, request: APIRequestContext, mailText: string): Promise<void> {
  const token = /verify-email\/([A-Za-z0-9_-]+)/.exec(mailText)?.[1];
  if (!token) throw new Error('no verification link in the mail');
  const res = await request.post(`${e2e.shop.url}/api/v1/email/verify/${token}`, { headers: { origin: e2e.shop.url } });
  expect(res.status()).toBe(200);
}

/** Places an order of `quantity` of one product over REST in `request`'s session; its id. */
export async function placeOrderOverRest(e2e: ShopInBrowser, request: APIRequestContext, order: { productId: string; quantity: number; shippingInfo: Record<string, string> }): Promise<string> {
  const res = await request.post(`${e2e.shop.url}/api/v1/new/order`, {
    headers: { origin: e2e.shop.url },
    data: { shippingInfo: order.shippingInfo, orderItems: [{ product: order.productId, quantity: order.quantity }] },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).order._id;
}
