import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startEmbedded } from '../../deploy/embedded/main';
import { launchBrowser, screenshotOnFailure } from '../support/browser';

type Shop = Awaited<ReturnType<typeof startEmbedded>>;

/** A shopper fills and edits a cart in Chromium; the cart lives on the server and in local storage. */
describe('the cart in the browser', () => {
  let shop: Shop;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-cart-'));

  beforeAll(async () => {
    shop = await startEmbedded({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('dialog', (dialog) => {
      expect(dialog.message()).toMatch(/^Remove .+ from your cart\?$/);
      void dialog.accept();
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('add two products, change the quantity, remove one after confirming, log out empties the mirror', async () => {
    await screenshotOnFailure(page, 'cart', async () => {
      await context.request.post(`${shop.url}/api/v1/register`, { data: { name: 'Cart Tester', email: 'cart@shop.test', phone: '9876512345', password: 'cart-pass-1' } });
      const listing = await (await context.request.get(`${shop.url}/api/v1/products?category=10&inStock=true`)).json();
      const [first, second] = listing.products as Array<{ _id: string; name: string; price: number }>;

      await page.goto(`${shop.url}/product/${first!._id}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByText(`${first!.name} is added to cart successfully`).waitFor();
      await page.getByText('In Cart (1)').waitFor();
      await page.getByRole('button', { name: 'Increase' }).click();
      await page.getByText(`Updated ${first!.name} quantity in the cart`).waitFor();
      await page.getByText('In Cart (2)').waitFor();

      await page.goto(`${shop.url}/product/${second!._id}`);
      await page.getByRole('heading', { name: second!.name }).waitFor();
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByText(`${second!.name} is added to cart successfully`).waitFor();

      await page.goto(`${shop.url}/cart`);
      await page.getByRole('heading', { name: 'Your Cart' }).waitFor();
      await page.getByText('Total Amount').waitFor();
      const expected = first!.price * 2 + second!.price;
      const amount = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 }).format(expected);
      await page.getByText(amount).first().waitFor();
      const mirror = JSON.parse(String(await page.evaluate("localStorage.getItem('cartItems')")));
      expect(mirror.map((i: { id: string; quantity: number }) => [i.id, i.quantity]).sort()).toEqual([[first!._id, 2], [second!._id, 1]].sort());

      await page.getByRole('button', { name: 'Remove' }).first().click();
      await page.getByText(/ removed from cart$/).waitFor();
      await page.getByRole('link', { name: 'Cart, 1 items' }).or(page.getByRole('link', { name: 'Cart, 2 items' })).first().waitFor();

      await page.getByRole('button', { name: /Account menu/ }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByText('Logged out successfully').waitFor();
      expect(await page.evaluate("localStorage.getItem('cartItems')")).toBeNull();
    });
  });
});
