import { chromium, type Browser, type Page } from 'playwright-core';

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
