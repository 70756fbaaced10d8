import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startEmbedded } from '../../deploy/embedded/main';

export type EmbeddedShop = Awaited<ReturnType<typeof startEmbedded>>;

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/** Saves a screenshot under tests/e2e/artifacts when a journey fails (for a person to look at). */
export async function screenshotOnFailure(page: Page, name: string, fn: () => Promise<void>) {
  try {
    await fn();
  } catch (err) {
    await page.screenshot({ path: `${__dirname}/../e2e/artifacts/${name}.png`, fullPage: true }).catch(() => undefined);
    throw err;
  }
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
 * started before all its tests (`env`, read then, adds or overrides settings of the shop);
 * afterwards `beforeClose` runs, then Chromium and the shop stop and the data folder goes.
 */
export function shopInBrowser(
  name: string,
  admin: { email: string; password: string },
  options: { beforeClose?: () => Promise<void>; env?: () => Record<string, string> } = {},
): ShopInBrowser {
  const dataDir = mkdtempSync(join(tmpdir(), `shop-e2e-${name}-`));
  const session = { dialogs: [] as string[] } as ShopInBrowser;

  beforeAll(async () => {
    session.shop = await startEmbedded({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, ...options.env?.() });
    session.browser = await launchBrowser();
    session.context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    session.page = await session.context.newPage();
    session.page.on('dialog', (dialog) => {
      session.dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  }, 120_000);

  afterAll(async () => {
    await options.beforeClose?.();
    await session.browser?.close();
    await session.shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  return session;
}
