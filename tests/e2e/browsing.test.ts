import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startEmbedded } from '../../deploy/embedded/main';
import { launchBrowser, screenshotOnFailure } from '../support/browser';

type Shop = Awaited<ReturnType<typeof startEmbedded>>;

/** A shopper browses the demo catalog in Chromium: home, a category, filters, a product, search. */
describe('browsing the catalog in the browser', () => {
  let shop: Shop;
  let browser: Browser;
  let page: Page;
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-browse-'));

  beforeAll(async () => {
    shop = await startEmbedded({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    browser = await launchBrowser();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('home → category → filter → product → related product', async () => {
    await screenshotOnFailure(page, 'browse', async () => {
      await page.goto(shop.url);
      await page.getByRole('heading', { name: 'Popular' }).waitFor();
      await page.getByRole('link', { name: 'View All popular products' }).waitFor();

      await page.getByRole('link', { name: 'Footwear' }).first().click();
      await page.getByRole('heading', { name: 'Footwear' }).first().waitFor();
      const cards = page.locator('main a[href^="/product/"]');
      await cards.first().waitFor();
      const before = await cards.count();
      expect(before).toBeGreaterThan(0);

      await page.getByRole('radio', { name: 'Under ₹500' }).check();
      await page.waitForURL(/price=/);
      await page.getByRole('checkbox', { name: 'In Stock Only' }).check();
      await page.waitForURL(/stock=1/);
      // Every selling price shown is now under ₹500 (the demo catalog has cheap footwear).
      await page.locator('main .price-tag__price').first().waitFor();
      await page.waitForLoadState('networkidle');
      const prices = await page.locator('main .price-tag__price').allInnerTexts();
      expect(prices.length).toBeGreaterThan(0);
      for (const p of prices) expect(Number(p.replace('Price:', '').replace(/[^\d.]/g, ''))).toBeLessThan(500);

      await page.getByRole('radio', { name: 'All' }).check();
      await cards.first().click();
      await page.waitForURL(/\/product\//);
      await page.getByText(/free returns within 30 days/i).first().waitFor();
      const title = await page.title();
      expect(title).toMatch(/ – ShopKart$/);

      const related = page.locator('main section a[href^="/product/"]');
      await related.first().waitFor();
      const firstUrl = page.url();
      await related.first().click();
      await page.waitForURL((url) => url.toString() !== firstUrl && url.pathname.startsWith('/product/'));
      await page.getByRole('button', { name: /Add to Cart|Out of Stock/ }).waitFor();
    });
  });

  test('a search with a typo still finds the product', async () => {
    await screenshotOnFailure(page, 'search', async () => {
      await page.goto(shop.url);
      await page.getByRole('searchbox', { name: 'Search products' }).or(page.getByLabel('Search products')).first().fill('lether walet');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/search\?q=/);
      await page.getByRole('link', { name: /Leather Wallet/ }).first().waitFor();
    });
  });
});
